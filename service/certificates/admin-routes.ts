import { Hono } from 'hono';
import { z } from 'zod';
import {
  CorrectCertificateNameRequestSchema,
  IssueCertificatesRequestSchema,
  ProgramCertificateRequestSchema,
  RevokeCertificateRequestSchema,
  type CorrectedCertificate,
  type IssuedCertificate,
} from '../../contracts/certificates/api.js';
import {
  CertificateNumberSchema,
  certificatesStream,
  programCertificateStream,
  yearOfNumber,
} from '../../contracts/certificates/events.js';
import { ProgramIdSchema } from '../../contracts/catalogue/program.js';
import { WorkshopIdSchema } from '../../contracts/catalogue/workshop.js';
import type { AppDeps } from '../core/deps.js';
import { administratorOf } from '../core/admin-identity.js';
import { notFound } from '../core/errors.js';
import { requestMetadata } from '../core/metadata.js';
import { validate } from '../core/validate.js';
import { findProgram } from '../catalogue/queries.js';
import { certificatesDecider, childKey } from './certificates-decider.js';
import { holderOf } from './eligibility.js';
import { eligibleChildren, yearOfIssue } from './issue.js';
import { programCertificateDecider } from './program-certificate.js';
import { refuse } from './refusals.js';
import { certificatePdfAnswer, readCertificate } from './routes.js';

const ProgramParam = z.object({ id: ProgramIdSchema });
const WorkshopParam = z.object({ id: WorkshopIdSchema });
const NumberParam = z.object({ number: CertificateNumberSchema });

/**
 * Certificates of completion, the office's (issue 40):
 * - PUT /admin/programs/:id/certificate `{ title, wording, signerName, minSessionsPresent }`, and
 *   GET the same (null until set), which the program's certificate form starts from;
 * - GET /admin/workshops/:id/certificates: who is eligible after the last session, by index;
 * - POST /admin/workshops/:id/certificates `{ participants?: [index] }` → 201 `[{ number, participantName }]`;
 * - POST /admin/certificates/:number/revoke `{ reason }`;
 * - POST /admin/certificates/:number/correct-name `{ name }`: reissued under the same number (the
 *   PDF and the verification read the corrected name; a copy printed before is superseded).
 */
export function adminCertificateRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const by = (c: Parameters<typeof administratorOf>[0]) => administratorOf(c)?.name ?? 'The school';

  app.put(
    '/programs/:id/certificate',
    validate('param', ProgramParam),
    validate('json', ProgramCertificateRequestSchema),
    async (c) => {
      const programId = c.req.valid('param').id;
      if (!(await findProgram(deps.readStore, programId))) throw notFound('We could not find this program.');
      const certificate = { programId, ...c.req.valid('json'), setAt: deps.clock().toISOString() };
      const { position } = await deps.commands.handle(
        programCertificateDecider,
        programCertificateStream(programId),
        { type: 'SetProgramCertificate', certificate },
        requestMetadata(c, deps, 'admin'),
      );
      return c.json({ id: programId, position: position?.toString() ?? null });
    },
  );

  app.get('/programs/:id/certificate', validate('param', ProgramParam), async (c) => {
    const programId = c.req.valid('param').id;
    if (!(await findProgram(deps.readStore, programId))) throw notFound('We could not find this program.');
    const { certificate } = await deps.commands.state(programCertificateDecider, programCertificateStream(programId));
    c.header('Cache-Control', 'no-store');
    if (!certificate) return c.json(null);
    const { title, wording, signerName, minSessionsPresent } = certificate;
    return c.json({ title, wording, signerName, minSessionsPresent });
  });

  app.get('/workshops/:id/certificates', validate('param', WorkshopParam), async (c) => {
    const { children } = await eligibleChildren(deps, c.req.valid('param').id, deps.clock());
    c.header('Cache-Control', 'no-store');
    return c.json(children);
  });

  app.post(
    '/workshops/:id/certificates',
    validate('param', WorkshopParam),
    validate('json', IssueCertificatesRequestSchema),
    async (c) => {
      const now = deps.clock();
      const { drafts } = await eligibleChildren(deps, c.req.valid('param').id, now);
      const asked = c.req.valid('json').participants;
      for (const index of asked ?? [])
        if (index >= drafts.length) throw refuse({ code: 'not_eligible', index, count: drafts.length });
      const chosen = asked ? [...new Set(asked)].map((i) => drafts[i]!) : drafts;
      const year = yearOfIssue(now);
      const { state } = await deps.commands.handle(
        certificatesDecider,
        certificatesStream(year),
        { type: 'IssueCertificates', year, drafts: chosen, by: by(c), at: now.toISOString() },
        requestMetadata(c, deps, 'admin'),
      );
      const issued: IssuedCertificate[] = chosen.map((d) => {
        const number = state.byChild[childKey(d)]!;
        return { number, participantName: state.byNumber[number]!.issued.participantName };
      });
      deps.log.info('certificates issued', { workshopId: c.req.valid('param').id, count: issued.length });
      return c.json(issued, 201);
    },
  );

  app.post(
    '/certificates/:number/revoke',
    validate('param', NumberParam),
    validate('json', RevokeCertificateRequestSchema),
    async (c) => {
      const { number } = c.req.valid('param');
      const { position } = await deps.commands.handle(
        certificatesDecider,
        certificatesStream(yearOfNumber(number)!),
        {
          type: 'RevokeCertificate',
          number,
          by: 'office',
          reason: c.req.valid('json').reason,
          at: deps.clock().toISOString(),
        },
        requestMetadata(c, deps, 'admin'),
      );
      return c.json({ number, valid: false, position: position?.toString() ?? null });
    },
  );

  app.post(
    '/certificates/:number/correct-name',
    validate('param', NumberParam),
    validate('json', CorrectCertificateNameRequestSchema),
    async (c) => {
      const { number } = c.req.valid('param');
      const participantName = c.req.valid('json').name;
      const { state, position } = await deps.commands.handle(
        certificatesDecider,
        certificatesStream(yearOfNumber(number)!),
        {
          type: 'CorrectCertificateName',
          number,
          participantName,
          holder: holderOf(participantName),
          at: deps.clock().toISOString(),
        },
        requestMetadata(c, deps, 'admin'),
      );
      const record = state.byNumber[number]!;
      const answer: CorrectedCertificate = {
        number,
        participantName: record.issued.participantName,
        holder: record.issued.holder,
        reissuedAt: record.reissuedAt ?? null,
        position: position?.toString() ?? null,
      };
      return c.json(answer);
    },
  );

  app.get('/certificates/:number/pdf', validate('param', NumberParam), async (c) => {
    const record = await readCertificate(deps, c.req.valid('param').number);
    if (!record) throw notFound('We have no certificate with this number.');
    return certificatePdfAnswer(deps, c, record);
  });

  return app;
}
