import { jsonForScript } from '../../contracts/site/ssr.js';

/** Structured data for search engines: one `<script type="application/ld+json">`, its `<` escaped. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
