import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { TextArea } from '../../web/components/TextArea.js';

describe('a multi-line field as the server renders it', () => {
  it('given a text area, then its element carries no type attribute (HTML allows none on textarea), and keeps its name, rows and label', () => {
    const html = renderToString(<TextArea label="Message" name="message" rows={5} isRequired />);
    const textarea = /<textarea[^>]*>/.exec(html)![0];
    expect(textarea).not.toMatch(/\stype=/);
    expect(textarea).toMatch(/\sname="message"/);
    expect(textarea).toMatch(/\srows="5"/);
    expect(textarea).toMatch(/\saria-labelledby="/);
  });
});
