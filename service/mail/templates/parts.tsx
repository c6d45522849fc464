import type { ReactNode } from 'react';
import { Button, Column, Link, Row, Section, Text } from '@react-email/components';
import { SCHOOL } from '../../../contracts/core/school.js';
import { COLORS, FONTS } from './theme.js';

const paragraph = { margin: '0 0 16px', color: COLORS.text, fontSize: '16px', lineHeight: '1.6' };

/** A paragraph of the letter: 16 px, so nothing needs zooming on a phone. */
export function P({ children, strong }: { children: ReactNode; strong?: boolean }) {
  return <Text style={strong ? { ...paragraph, fontWeight: 600 } : paragraph}>{children}</Text>;
}

const factsBox = {
  margin: '0 0 20px',
  backgroundColor: COLORS.cream,
  borderLeft: `4px solid ${COLORS.gold}`,
  borderRadius: '4px',
  padding: '12px 16px',
};
const factsTitle = {
  margin: '0 0 8px',
  color: COLORS.navy,
  fontFamily: FONTS.display,
  fontSize: '18px',
  lineHeight: '1.3',
  fontWeight: 600,
};
const factLabel = {
  width: '30%',
  verticalAlign: 'top' as const,
  padding: '4px 12px 4px 0',
  color: COLORS.muted,
  fontSize: '14px',
  lineHeight: '1.45',
};
const factValue = {
  verticalAlign: 'top' as const,
  padding: '4px 0',
  color: COLORS.text,
  fontSize: '15px',
  lineHeight: '1.45',
};

/** The facts a parent looks for (date, time, address, attire...) as a two-column table on a cream card. */
export function Facts({ title, facts }: { title?: string; facts: readonly [string, string][] }) {
  return (
    <Section style={factsBox}>
      {title && <Text style={factsTitle}>{title}</Text>}
      {facts.map(([label, value]) => (
        <Row key={label}>
          <Column style={factLabel}>{label}</Column>
          <Column style={factValue}>{value}</Column>
        </Row>
      ))}
    </Section>
  );
}

const notice = {
  margin: '0 0 20px',
  backgroundColor: COLORS.goldPale,
  border: `1px solid ${COLORS.gold}`,
  borderRadius: '6px',
  padding: '12px 16px',
};
const noticeText = { margin: 0, color: COLORS.text, fontSize: '15px', lineHeight: '1.55' };

/** Something the parent must not miss (a deadline, "this is the only e-mail"), on pale gold. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <Section style={notice}>
      <Text style={noticeText}>{children}</Text>
    </Section>
  );
}

const button = {
  display: 'inline-block',
  backgroundColor: COLORS.plum,
  color: COLORS.white,
  borderRadius: '6px',
  padding: '12px 22px',
  fontSize: '16px',
  fontWeight: 600,
  lineHeight: '1.3',
  textDecoration: 'none',
};

/** A call to action: a plum button, large enough to tap (44 px and more). */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '4px 0 20px' }}>
      <Button href={href} style={button}>
        {children}
      </Button>
    </Section>
  );
}

const amountRow = { padding: '6px 0', fontSize: '15px', lineHeight: '1.4', color: COLORS.text };

/** Amount lines (label left, amount right), the last one bold when it is the total. */
export function Amounts({ rows }: { rows: readonly { label: string; amount: string; total?: boolean }[] }) {
  return (
    <Section style={{ margin: '0 0 20px', borderTop: `1px solid ${COLORS.border}` }}>
      {rows.map((r) => (
        <Row key={r.label} style={{ borderBottom: `1px solid ${COLORS.border}` }}>
          <Column style={{ ...amountRow, fontWeight: r.total ? 700 : 400 }}>{r.label}</Column>
          <Column style={{ ...amountRow, textAlign: 'right', fontWeight: r.total ? 700 : 400 }}>{r.amount}</Column>
        </Row>
      ))}
    </Section>
  );
}

/** "Warm regards," and the school, as every letter ends. */
export function Signature() {
  return (
    <Text style={{ ...paragraph, margin: '24px 0 0' }}>
      Warm regards,
      <br />
      {SCHOOL.fullName}
    </Text>
  );
}

/** A link on a line of its own, in the site's plum. */
export function LinkLine({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Text style={paragraph}>
      <Link href={href} style={{ color: COLORS.plum, textDecoration: 'underline' }}>
        {children}
      </Link>
    </Text>
  );
}

/** The school's phone number, kept on one line. */
/** A long address written out (to copy when a button does not open): broken anywhere, so it never widens a phone's screen. */
export function LongAddress({ href }: { href: string }) {
  return <span style={{ overflowWrap: 'anywhere', wordBreak: 'break-all' }}>{href}</span>;
}

export function Phone() {
  return <span style={{ whiteSpace: 'nowrap' }}>{SCHOOL.phone}</span>;
}
