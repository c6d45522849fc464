import { SCHOOL } from '../../contracts/core/school.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface FormAnswerPage {
  title: string;
  /** Paragraphs, plain text. */
  lines: string[];
  /** Each field the parent must correct, by the label the form shows, with what to do. */
  fields?: { label: string; message: string }[];
  /** Where the form is, and its name ("the contact form"). */
  back: { href: string; label: string };
}

/**
 * The page a form posted without JavaScript gets when it was not recorded: plain HTML in the
 * site's colours and fonts, with no script (the page must read whatever the browser runs).
 */
export function formAnswerPage({ title, lines, fields, back }: FormAnswerPage): string {
  const list = fields?.length
    ? `<ul class="fields">${fields.map((f) => `<li><strong>${escape(f.label)}</strong>: ${escape(f.message)}</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | ${escape(SCHOOL.name)}</title>
<style>
body{margin:0;background:#fbf8f1;color:#1f2333;font:1rem/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem}
.school{font-family:'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif;color:#1b2340;text-decoration:none;font-size:1.25rem}
h1{font-family:'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif;color:#1b2340;font-weight:600;line-height:1.2}
.fields{background:#fff;border:1px solid #e2dacb;border-left:4px solid #a3271f;border-radius:8px;padding:1rem 1rem 1rem 2.25rem}
a{color:#5e2a59}
.back{display:inline-block;margin-top:1rem;padding:.7rem 1.4rem;border-radius:999px;background:#1b2340;color:#fdfaf3;text-decoration:none;font-weight:600}
</style>
</head>
<body>
<main>
<p><a class="school" href="/">${escape(SCHOOL.fullName)}</a></p>
<h1>${escape(title)}</h1>
${lines.map((line) => `<p>${escape(line)}</p>`).join('\n')}
${list}
<a class="back" href="${escape(back.href)}">Return to ${escape(back.label)}</a>
</main>
</body>
</html>
`;
}
