import { Hono } from 'hono';
import { z } from 'zod';
import {
  ADMINISTRATORS_STREAM,
  AddAdministratorInputSchema,
  AdministratorIdSchema,
  ChangeAdministratorRoleInputSchema,
  OWNER_ADMINISTRATOR,
  type AddedAdministrator,
  type AdministratorSummary,
  type ChangedAdministratorRole,
  type RevokedAdministrator,
} from '../../contracts/admin/administrators.js';
import type { AdministratorDoc } from '../../projections/admin/administrators.js';
import type { AppDeps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { MinPositionQuerySchema, awaitProjections } from '../core/read-after-write.js';
import { administratorsDecider, type AdministratorCommand } from './administrators-decider.js';
import { hashAdministratorKey, newAdministratorKey } from './administrator-keys.js';
import { LAST_USED_COLLECTION, type LastUsedDoc } from './last-used.js';
import { knownLocations } from './location-scope.js';

const IdParam = z.object({ id: AdministratorIdSchema });

/** The owner's key and role come from configuration: refused as a field error naming the id. */
const notTheOwner = (administratorId: string, what: string) => {
  if (administratorId === OWNER_ADMINISTRATOR.id)
    throw new AppError('validation', "The owner's key comes from the server's ADMIN_KEY setting; change it there.", {
      issues: [{ path: 'id', message: what }],
    });
};

/**
 * The Settings tab: named administrators, each with a key of their own and a role. Only the owner
 * reaches these routes (the `administrators` area of service/admin/permissions.ts); each change is
 * e-mailed to the owner (administrator-change-email-reactor.ts).
 */
export function adminAdministratorRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.get('/administrators', validate('query', MinPositionQuerySchema), async (c) => {
    await awaitProjections(deps, c.req.valid('query').minPosition, ['administrators']);
    const { items } = await deps.readStore.find<AdministratorDoc>('administrators', {
      sort: [{ field: 'createdAt', direction: 'asc' }],
    });
    const ids = [OWNER_ADMINISTRATOR.id, ...items.map((i) => i.id)];
    const used = await deps.readStore.getMany<LastUsedDoc>(LAST_USED_COLLECTION, ids);
    const lastUsedAt = (id: string) => used.get(id)?.doc.lastUsedAt ?? null;
    const list: AdministratorSummary[] = [
      {
        ...OWNER_ADMINISTRATOR,
        email: null,
        createdAt: null,
        lastUsedAt: lastUsedAt('owner'),
        owner: true,
        role: 'owner',
      },
      ...items.map(({ doc }) => ({
        id: doc.id,
        name: doc.name,
        email: doc.email,
        createdAt: doc.createdAt,
        lastUsedAt: lastUsedAt(doc.id),
        owner: false,
        role: doc.role ?? 'manager',
        ...(doc.locationIds?.length ? { locationIds: doc.locationIds } : {}),
      })),
    ];
    c.header('Cache-Control', 'no-store');
    return c.json(list);
  });

  app.post('/administrators', validate('json', AddAdministratorInputSchema), async (c) => {
    const { name, email, role, locationIds } = c.req.valid('json');
    if (locationIds) await knownLocations(deps, locationIds);
    const administratorId = deps.newId();
    const key = newAdministratorKey();
    const keyHash = hashAdministratorKey(key);
    const { position } = await deps.commands.handle(
      administratorsDecider,
      ADMINISTRATORS_STREAM,
      { type: 'AddAdministrator', administratorId, name, email, keyHash, role, changeId: deps.newId(), locationIds },
      requestMetadata(c, deps, 'admin'),
    );
    deps.log.info('administrator added', { administratorId, role });
    c.header('Cache-Control', 'no-store');
    const added: AddedAdministrator = { id: administratorId, name, key, position: position!.toString() };
    return c.json(added, 201);
  });

  app.patch(
    '/administrators/:id',
    validate('param', IdParam),
    validate('json', ChangeAdministratorRoleInputSchema),
    async (c) => {
      const administratorId = c.req.valid('param').id;
      notTheOwner(administratorId, "The owner's role cannot be changed.");
      const { role, locationIds } = c.req.valid('json');
      if (locationIds) await knownLocations(deps, locationIds);
      const handle = (command: AdministratorCommand) =>
        deps.commands.handle(administratorsDecider, ADMINISTRATORS_STREAM, command, requestMetadata(c, deps, 'admin'));
      const changes = [
        ...(role
          ? [await handle({ type: 'ChangeAdministratorRole', administratorId, role, changeId: deps.newId() })]
          : []),
        ...(locationIds
          ? [
              await handle({
                type: 'LimitAdministratorToLocations',
                administratorId,
                locationIds,
                changeId: deps.newId(),
              }),
            ]
          : []),
      ];
      const last = changes.at(-1)!;
      const written = changes.map((w) => w.position).filter((p) => p !== null);
      // The same role or locations again record nothing; the list is then read from the head as it stands.
      if (written.length > 0) deps.log.info('administrator changed', { administratorId, role, locationIds });
      const head = written.at(-1) ?? (await deps.eventStore.headPosition());
      const now = last.state.byId[administratorId]!;
      const changed: ChangedAdministratorRole = {
        id: administratorId,
        role: now.role,
        ...(now.locationIds.length > 0 ? { locationIds: now.locationIds } : {}),
        position: head.toString(),
      };
      return c.json(changed);
    },
  );

  app.delete('/administrators/:id', validate('param', IdParam), async (c) => {
    const administratorId = c.req.valid('param').id;
    notTheOwner(administratorId, 'The owner cannot be revoked here.');
    const { position } = await deps.commands.handle(
      administratorsDecider,
      ADMINISTRATORS_STREAM,
      { type: 'RevokeAdministrator', administratorId, changeId: deps.newId() },
      requestMetadata(c, deps, 'admin'),
    );
    deps.log.info('administrator revoked', { administratorId });
    const revoked: RevokedAdministrator = { id: administratorId, position: position!.toString() };
    return c.json(revoked);
  });

  return app;
}
