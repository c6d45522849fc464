import { SCHOOL } from '../../../contracts/core/school.js';
import { toOneLine } from '../../../contracts/core/text.js';
import type { AssignableRole } from '../../../contracts/admin/roles.js';
import { baseUrl, factLines, formatStamp } from './format.js';
import { Layout } from './layout.js';
import { Action, Facts, Notice, P } from './parts.js';
import { defineTemplate } from './template.js';

export interface AdministratorChangeProps {
  change: 'added' | 'role-changed' | 'revoked';
  /** The administrator changed. */
  name: string;
  email: string;
  /** The role given (added, role changed) or held (revoked). */
  role: AssignableRole;
  /** The role before a change of role. */
  previousRole: AssignableRole | null;
  /** Who made the change, as the audit trail names them. */
  by: string;
  /** When (ISO instant). */
  at: string;
  /** The Settings tab of the admin area. */
  settingsUrl: string;
  publicUrl: string | null;
}

const withArticle = (role: AssignableRole) => (role === 'instructor' ? 'an instructor' : 'a manager');

/** What the role may do, as a sentence of the letter. */
const ROLE_SENTENCES: Record<AssignableRole, string> = {
  manager: 'A manager may use everything in the admin area except the administrators.',
  instructor:
    "An instructor sees only the rosters, attendance and the day's dashboard of the workshops they teach, and nothing about money.",
};

const subjects: Record<AdministratorChangeProps['change'], (p: AdministratorChangeProps) => string> = {
  added: (p) => `Administrator added: ${toOneLine(p.name)} (${p.role})`,
  'role-changed': (p) => `Administrator role changed: ${toOneLine(p.name)} is now ${withArticle(p.role)}`,
  revoked: (p) => `Administrator revoked: ${toOneLine(p.name)}`,
};

const headings: Record<AdministratorChangeProps['change'], string> = {
  added: 'An administrator was added',
  'role-changed': "An administrator's role was changed",
  revoked: "An administrator's key was revoked",
};

/** What happened, in one sentence. */
function summary(p: AdministratorChangeProps): string {
  const who = `${toOneLine(p.name)} (${toOneLine(p.email)})`;
  const when = `by ${toOneLine(p.by)} on ${formatStamp(p.at)} (Central Time)`;
  switch (p.change) {
    case 'added':
      return `${who} was added as ${withArticle(p.role)} ${when}. ${ROLE_SENTENCES[p.role]}`;
    case 'role-changed':
      return `${who} was changed from ${p.previousRole ?? 'manager'} to ${p.role} ${when}. ${ROLE_SENTENCES[p.role]}`;
    case 'revoked':
      return `The key of ${who} was revoked ${when}. Their key no longer works; their past actions stay in the history under their name.`;
  }
}

const facts = (p: AdministratorChangeProps): [string, string][] => [
  ['Name', toOneLine(p.name)],
  ['Email', toOneLine(p.email)],
  ['Role', p.change === 'role-changed' ? `${p.previousRole ?? 'manager'} → ${p.role}` : p.role],
  ['By', toOneLine(p.by)],
  ['When', `${formatStamp(p.at)} (Central Time)`],
];

const WHY =
  "You receive this e-mail for every change to the school's administrators, since only the owner's key can make one.";
const IF_NOT_YOU =
  "If you did not make this change, someone else holds the owner's key: change ADMIN_KEY on the server at once, then check the administrators.";

/** To the owner, once per change to the administrators: who, what, by whom, and where to look. */
export const administratorChangeTemplate = defineTemplate<AdministratorChangeProps>({
  subject: (p) => subjects[p.change](p),

  text(p) {
    return [
      'Dear Owner,',
      '',
      summary(p),
      '',
      ...factLines(facts(p)),
      '',
      `See the administrators: ${p.settingsUrl}`,
      '',
      WHY,
      IF_NOT_YOU,
      '',
      SCHOOL.fullName,
      '',
    ].join('\n');
  },

  html(p) {
    return (
      <Layout preview={summary(p)} heading={headings[p.change]} publicUrl={baseUrl(p.publicUrl)}>
        <P>Dear Owner,</P>
        <P>{summary(p)}</P>
        <Facts facts={facts(p)} />
        <Action href={p.settingsUrl}>See the administrators</Action>
        <Notice>{IF_NOT_YOU}</Notice>
        <P>{WHY}</P>
      </Layout>
    );
  },
});
