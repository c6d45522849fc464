import type { ReactNode } from 'react';
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { ADDRESS_ONE_LINE, SCHOOL } from '../../../contracts/core/school.js';
import { COLORS, FONTS } from './theme.js';

const body = {
  margin: 0,
  padding: '24px 0',
  backgroundColor: COLORS.ivory,
  color: COLORS.text,
  fontFamily: FONTS.body,
};
// 600 px is what mail clients lay out comfortably on a desktop; below it the column takes the
// screen's width, so a phone never scrolls sideways.
const container = { width: '100%', maxWidth: '600px', margin: '0 auto' };
const header = {
  backgroundColor: COLORS.navy,
  borderBottom: `4px solid ${COLORS.gold}`,
  borderRadius: '8px 8px 0 0',
  padding: '20px 24px',
};
const brand = {
  margin: 0,
  color: COLORS.inverse,
  fontFamily: FONTS.display,
  fontSize: '22px',
  lineHeight: '1.25',
  letterSpacing: '0.01em',
};
const brandTagline = {
  margin: '4px 0 0',
  color: COLORS.gold,
  fontSize: '12px',
  lineHeight: '1.4',
  letterSpacing: '0.08em',
  textTransform: 'uppercase' as const,
};
const card = {
  backgroundColor: COLORS.white,
  border: `1px solid ${COLORS.border}`,
  borderTop: 'none',
  borderRadius: '0 0 8px 8px',
  padding: '28px 24px 24px',
};
const h1 = {
  margin: '0 0 16px',
  color: COLORS.navy,
  fontFamily: FONTS.display,
  fontSize: '26px',
  lineHeight: '1.25',
  fontWeight: 600,
};
const footer = { padding: '20px 24px 0' };
const footerText = { margin: '0 0 6px', color: COLORS.muted, fontSize: '13px', lineHeight: '1.5' };
const footerLink = { color: COLORS.plum, textDecoration: 'underline' };

export interface LayoutProps {
  /** The line a mail client shows after the subject in the inbox. */
  preview: string;
  heading: string;
  /** The site's base URL: the footer links the policies when it is known. */
  publicUrl: string | null;
  children: ReactNode;
}

/** The frame of every message: the school's name on navy with a gold rule, a white card, the school's details below. */
export function Layout({ preview, heading, publicUrl, children }: LayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        {/* A document without a title is not valid HTML; some clients show it as the tab's name. */}
        <title>{heading}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Section style={header}>
            <Text style={brand}>{SCHOOL.fullName}</Text>
            <Text style={brandTagline}>Etiquette &amp; confidence · Plano, Texas</Text>
          </Section>
          <Section style={card}>
            <Heading as="h1" style={h1}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Section style={footer}>
            <Text style={footerText}>
              {SCHOOL.fullName} · {ADDRESS_ONE_LINE}
            </Text>
            <Text style={footerText}>
              <Link href={SCHOOL.phoneHref} style={footerLink}>
                {SCHOOL.phone}
              </Link>{' '}
              ·{' '}
              <Link href={`mailto:${SCHOOL.email}`} style={footerLink}>
                {SCHOOL.email}
              </Link>
            </Text>
            {publicUrl && (
              <Text style={footerText}>
                <Link href={`${publicUrl}/terms`} style={footerLink}>
                  Enrollment terms and cancellation policy
                </Link>{' '}
                ·{' '}
                <Link href={`${publicUrl}/privacy`} style={footerLink}>
                  Privacy
                </Link>
              </Text>
            )}
            <Hr style={{ borderColor: COLORS.border, margin: '12px 0 0' }} />
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
