import type { ReactElement } from 'react';

/** One message: its subject, its plain-text part and its HTML part, all from the same props. */
export interface Template<P> {
  subject(props: P): string;
  /**
   * The plain-text part, written rather than derived from the HTML: it is what text-only clients,
   * screen readers in plain mode and the tests read, and a table layout turned into text reads badly.
   */
  text(props: P): string;
  /** The React element react-email renders to the HTML part. */
  html(props: P): ReactElement;
}

export const defineTemplate = <P>(template: Template<P>): Template<P> => template;
