import { rosterChildKey, type Roster } from '../../contracts/admin/roster.js';
import { SCHOOL } from '../../contracts/core/school.js';
import type { Photography } from '../../contracts/admin/roster.js';
import { hasDiet, hasMedical, longDate, photoFlag } from './rosterFormat.js';
import { formatTime } from '../core/format.js';
import { sessionInWords, timeRangeWords } from '../../contracts/catalogue/session-words.js';

/** On paper the column is narrow: a yes says whether the name may go with the photo. */
const PHOTOS_ON_PAPER: Record<Photography, string> = {
  'opt-out': '⊘ NO PHOTOS',
  'no-consent': '⊘ NO PHOTOS',
  consent: 'Yes, no name',
  'consent-with-name': 'Yes, with name',
};

/**
 * The paper sign-in sheet: shown only when printed (see roster.css), one workshop starting on its
 * own page, a row per child with what the instructor needs at the door and room to sign.
 */
export function SignInSheet({ roster }: { roster: Roster }) {
  const { workshop } = roster;
  // One session's sheet: the children expected at it (not those whose parents said they miss it).
  const rows = roster.rows.filter((r) => r.absence !== 'notified');
  const session = roster.sessions?.[roster.session - 1];
  return (
    <section className="sign-in-sheet">
      <header className="sign-in-sheet__head">
        <p className="sign-in-sheet__school">{SCHOOL.fullName}</p>
        <h2 className="sign-in-sheet__title">Sign-in sheet: {workshop.title}</h2>
        <p className="sign-in-sheet__meta">
          {roster.sessions && roster.sessions.length > 1 && session
            ? `${sessionInWords(roster.sessions, roster.session)} · ${timeRangeWords(session)}`
            : `${longDate(workshop.date)} · ${workshop.time}`}{' '}
          · {workshop.location}
          {workshop.instructor && ` · Instructor: ${workshop.instructor}`}
        </p>
        <p className="sign-in-sheet__meta">
          {rows.length} {rows.length === 1 ? 'participant' : 'participants'} · ⚠ allergy, diet or medical · ⊘ no photos
        </p>
      </header>
      <table className="sign-in-sheet__table">
        <thead>
          <tr>
            <th scope="col" className="sign-in-sheet__num">
              #
            </th>
            <th scope="col" className="sign-in-sheet__name-col">
              Participant
            </th>
            <th scope="col" className="sign-in-sheet__age">
              Age
            </th>
            <th scope="col" className="sign-in-sheet__diet">
              Allergies / diet / medical
            </th>
            <th scope="col" className="sign-in-sheet__photos">
              Photos
            </th>
            <th scope="col" className="sign-in-sheet__contact">
              Emergency contact
            </th>
            <th scope="col" className="sign-in-sheet__sign">
              Signature
            </th>
            <th scope="col" className="sign-in-sheet__out">
              Signed out
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const contact = r.emergencyContacts[0];
            return (
              <tr key={rosterChildKey(r)}>
                <td>{i + 1}</td>
                <td className="sign-in-sheet__name">{r.name}</td>
                <td>{r.age ?? ''}</td>
                <td className={hasDiet(r) || hasMedical(r) ? 'sign-in-sheet__alert' : undefined}>
                  {!hasDiet(r) && !hasMedical(r) && 'None'}
                  {hasDiet(r) && `⚠ ${r.dietaryRestrictions}`}
                  {hasMedical(r) && <span className="sign-in-sheet__medical">{`⚠ Medical: ${r.medicalNotes}`}</span>}
                </td>
                <td className={photoFlag(r) ? 'sign-in-sheet__alert sign-in-sheet__photos' : 'sign-in-sheet__photos'}>
                  {PHOTOS_ON_PAPER[r.photography]}
                </td>
                <td className="sign-in-sheet__contact">
                  {contact ? (
                    <>
                      {contact.phone} <span className="sign-in-sheet__small">{contact.name}</span>
                    </>
                  ) : (
                    <>
                      {r.parent.phone} <span className="sign-in-sheet__small">{r.parent.name} (parent)</span>
                    </>
                  )}
                </td>
                <td className="sign-in-sheet__sign" />
                <td className="sign-in-sheet__out">
                  {r.collected && `${r.collected.by}${r.collected.onList ? '' : ' ⚠'}, ${formatTime(r.collected.at)}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
