import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import {
  InviteParentRequestSchema,
  SignWaiversRequestSchema,
  type AccountWritten,
  type ChildCreated,
} from '../../contracts/account/api.js';
import { schoolDayOf } from '../../contracts/account/age.js';
import {
  ChildIdSchema,
  ChildInputSchema,
  DATE_OF_BIRTH_MESSAGES,
  type ChildData,
} from '../../contracts/account/child.js';
import { accountEmailStream, householdStream } from '../../contracts/account/events.js';
import {
  HouseholdDetailsInputSchema,
  ParentIdSchema,
  type HouseholdDetails,
} from '../../contracts/account/household.js';
import { EnrollmentIdSchema, enrollmentStream } from '../../contracts/enrollment/events.js';
import { participantDetailsOf } from '../../contracts/enrollment/participants.js';
import { CURRENT_WAIVERS, WAIVER_DOCUMENTS } from '../../contracts/policies/waivers.js';
import type { AppDeps } from '../core/deps.js';
import { clientAddress } from '../core/client-address.js';
import { notFound, validationError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { pseudonymsFor } from '../core/pseudonyms.js';
import { validate } from '../core/validate.js';
import { enrollmentDecider } from '../enrollment/decider/enrollment-decider.js';
import { accountEmailDecider } from './account-email-decider.js';
import { requireFamily } from './family-session.js';
import { householdDecider, type HouseholdCommand } from './household-decider.js';
import { endSessionsOf } from './sessions.js';
import { requestSignIn } from './sign-in.js';
import { replaceLinksShownTo } from './booking-links.js';

const ChildParamSchema = z.object({ id: ChildIdSchema });
const ParentParamSchema = z.object({ parentId: ParentIdSchema });
const EnrollmentParamSchema = z.object({ enrollmentId: EnrollmentIdSchema });

/** What the family page reads next waits for these. */
const SHOWN_IN = ['households'];

const written = (position: bigint | null, head: bigint): AccountWritten => ({
  position: (position ?? head).toString(),
});

/** A child as the account stores it, once its date of birth is checked against today (school's calendar). */
function childOf(deps: AppDeps, input: z.output<typeof ChildInputSchema>): ChildData {
  if (input.dateOfBirth > schoolDayOf(deps.clock()))
    throw validationError(DATE_OF_BIRTH_MESSAGES.future, [
      { path: 'dateOfBirth', message: DATE_OF_BIRTH_MESSAGES.future },
    ]);
  return { ...input, dateOfBirth: input.dateOfBirth };
}

/**
 * The household's writes, for its signed-in parents: details, children, signatures, the second
 * parent, and the details a booking offered. Each is one decision on `household-<id>`; a child id
 * of another household is not in this one, so it is 404, as an unknown one.
 */
export function familyWriteRoutes(deps: AppDeps, limited: MiddlewareHandler): Hono {
  const app = new Hono();
  const signedIn = requireFamily(deps);

  const decide = async (c: Context, command: HouseholdCommand) => {
    const family = c.get('family');
    const handled = await deps.commands.handle(
      householdDecider,
      householdStream(family.householdId),
      command,
      requestMetadata(c, deps, 'visitor'),
    );
    if (handled.position !== null) await deps.projections.waitFor(handled.position, SHOWN_IN, 2_000);
    return { handled, answer: written(handled.position, await deps.eventStore.headPosition()) };
  };
  const at = () => deps.clock().toISOString();

  app.put('/account/household', limited, signedIn, validate('json', HouseholdDetailsInputSchema), async (c) => {
    const details: HouseholdDetails = c.req.valid('json');
    const { answer } = await decide(c, { type: 'UpdateDetails', details, by: c.get('family').parentId, at: at() });
    return c.json(answer);
  });

  app.post('/account/children', limited, signedIn, validate('json', ChildInputSchema), async (c) => {
    const childId = deps.newId();
    const { answer } = await decide(c, {
      type: 'AddChild',
      childId,
      child: childOf(deps, c.req.valid('json')),
      at: at(),
    });
    deps.log.info('child added', { householdId: c.get('family').householdId, childId });
    const created: ChildCreated = { id: childId, position: answer.position };
    return c.json(created, 201);
  });

  app.put(
    '/account/children/:id',
    limited,
    signedIn,
    validate('param', ChildParamSchema),
    validate('json', ChildInputSchema),
    async (c) => {
      const child = childOf(deps, c.req.valid('json'));
      const { answer } = await decide(c, { type: 'UpdateChild', childId: c.req.valid('param').id, child, at: at() });
      return c.json(answer);
    },
  );

  app.delete('/account/children/:id', limited, signedIn, validate('param', ChildParamSchema), async (c) => {
    const { answer } = await decide(c, { type: 'RemoveChild', childId: c.req.valid('param').id, at: at() });
    return c.json(answer);
  });

  // Signs every document in force for each child named (typed full name and agreement).
  app.post('/account/waivers', limited, signedIn, validate('json', SignWaiversRequestSchema), async (c) => {
    const table = deps.waivers ?? CURRENT_WAIVERS;
    const signatures = c.req
      .valid('json')
      .signatures.flatMap(({ childId, signedName }) =>
        WAIVER_DOCUMENTS.map((document) => ({ childId, document, version: table[document].version, signedName })),
      );
    const { answer } = await decide(c, {
      type: 'SignWaivers',
      signatures,
      parentId: c.get('family').parentId,
      clientKey: pseudonymsFor(deps.config).client(clientAddress(c)),
      at: at(),
    });
    return c.json(answer);
  });

  // The second parent: invited by address, then e-mailed a link whose page offers to join (or not).
  app.post('/account/parents', limited, signedIn, validate('json', InviteParentRequestSchema), async (c) => {
    const family = c.get('family');
    const { email } = c.req.valid('json');
    const metadata = requestMetadata(c, deps, 'visitor');
    const { handled } = await decide(c, {
      type: 'InviteParent',
      parentId: deps.newId(),
      email,
      by: family.parentId,
      at: at(),
    });
    const state = handled.state;
    const parentId =
      state.status === 'active'
        ? Object.entries(state.parents).find(([, p]) => p.email === email && p.status === 'invited')?.[0]
        : undefined;
    if (!parentId) throw notFound('The invitation could not be recorded. Please try again.');
    const invited = await deps.commands.handle(
      accountEmailDecider,
      accountEmailStream(pseudonymsFor(deps.config).email(email)),
      { type: 'InviteEmail', householdId: family.householdId, parentId, at: at() },
      metadata,
    );
    // The invitation names the family and the parent who invited, so the address knows whose page it is.
    const lastName = state.status === 'active' ? state.details.lastName.trim() : '';
    await requestSignIn(deps, email, clientAddress(c), metadata, {
      householdId: family.householdId,
      family: lastName || null,
      by: family.email,
    });
    // The family's parents are told by parentInvitedEmailReactor, where the effects run.
    deps.log.info('parent invited', { householdId: family.householdId, parentId });
    const position = [handled.position, invited.position].reduce<bigint | null>(
      (m, p) => (p !== null && (m === null || p > m) ? p : m),
      null,
    );
    return c.json({ parentId, ...written(position, await deps.eventStore.headPosition()) }, 201);
  });

  // Either parent removes the other (or the other's invitation): its sessions end, its address is
  // freed, and the booking links the family page showed them are replaced (theirs answer 410).
  app.delete('/account/parents/:parentId', limited, signedIn, validate('param', ParentParamSchema), async (c) => {
    const family = c.get('family');
    const parentId = c.req.valid('param').parentId;
    const removed = family.household.parents.find((p) => p.parentId === parentId);
    const metadata = requestMetadata(c, deps, 'visitor');
    const { answer } = await decide(c, { type: 'RemoveParent', parentId, by: family.parentId, at: at() });
    if (removed) {
      await deps.commands.handle(
        accountEmailDecider,
        accountEmailStream(pseudonymsFor(deps.config).email(removed.email)),
        { type: 'UnlinkEmail', householdId: family.householdId, at: at() },
        metadata,
      );
    }
    const sessions = await endSessionsOf(deps, { householdId: family.householdId, parentId });
    const links =
      removed?.status === 'active' ? await replaceLinksShownTo(deps, family.household, parentId, metadata) : 0;
    deps.log.info('parent removed', { householdId: family.householdId, parentId, sessions, links });
    return c.json(answer);
  });

  // The children and contacts a booking offered ("Save these details"), taken in when a parent of
  // the family, signed in on the booking's own address, accepts them.
  app.post('/account/imports/:enrollmentId', limited, signedIn, validate('param', EnrollmentParamSchema), async (c) => {
    const family = c.get('family');
    const enrollmentId = c.req.valid('param').enrollmentId;
    const state = await deps.commands.state(enrollmentDecider, enrollmentStream(enrollmentId));
    const form = state.submission?.form;
    const ours = family.household.parents.some(
      (p) => p.status === 'active' && p.email === form?.email.trim().toLowerCase(),
    );
    if (!form || !form.saveToFamilyAccount || !ours || state.submission?.householdId)
      throw notFound('We could not find details to take from that booking.');
    const children = participantDetailsOf(form)
      .filter((p) => p.name.trim() !== '')
      .map((p) => ({
        childId: deps.newId(),
        child: {
          name: p.name.trim(),
          dateOfBirth: null,
          grade: p.grade,
          school: p.school,
          hasDietaryRestrictions: p.hasDietaryRestrictions,
          dietaryRestrictions: p.dietaryRestrictions,
          medicalNotes: '',
          photographyConsent: p.photographyConsent,
          allowNameWithPhoto: p.allowNameWithPhoto,
          photographyOptOut: p.photographyOptOut,
        },
      }));
    const details: HouseholdDetails = {
      firstName: form.firstName,
      lastName: form.lastName,
      phone: form.phone,
      parent2Name: form.parent2Name,
      parent2Email: form.parent2Email,
      parent2Phone: form.parent2Phone,
      emergencyContact1Name: form.emergencyContact1Name,
      emergencyContact1Phone: form.emergencyContact1Phone,
      emergencyContact1Relationship: form.emergencyContact1Relationship,
      emergencyContact2Name: form.emergencyContact2Name,
      emergencyContact2Phone: form.emergencyContact2Phone,
      emergencyContact2Relationship: form.emergencyContact2Relationship,
      pickupAdults: [],
    };
    const { answer } = await decide(c, { type: 'ImportBookingDetails', enrollmentId, children, details, at: at() });
    return c.json(answer);
  });

  return app;
}
