import { z } from 'zod';

/** Who caused an event. */
export const ActorSchema = z.enum(['visitor', 'admin', 'provider', 'system']);
export type Actor = z.infer<typeof ActorSchema>;

/** Who did an admin action: the named administrator whose key made the request. */
export const AdministratorRefSchema = z.object({ id: z.string().min(1).max(64), name: z.string().min(1).max(100) });
export type AdministratorRef = z.infer<typeof AdministratorRefSchema>;

export const EventMetadataSchema = z.object({
  correlationId: z.string().min(1),
  causationId: z.string().min(1),
  actor: ActorSchema,
  /** ISO-8601 instant the command was handled. */
  at: z.string().datetime({ offset: true }),
  /**
   * The administrator whose key made the request, on events an admin action caused. Absent on
   * events written before administrators had names: those still read as "admin".
   */
  administrator: AdministratorRefSchema.optional(),
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

/** An event as a decider emits it: a type and its data, before it is given metadata and a place. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** A registry maps event type -> zod schema of its data, so data is validated on append and on read. */
export type EventSchemas = Record<string, z.ZodType>;

/** Positions and revisions are bigint inside; on the wire they travel as decimal strings. */
export const PositionStringSchema = z.string().regex(/^\d+$/, 'must be a whole number');
export const toWire = (n: bigint): string => n.toString();
export const fromWire = (s: string): bigint => BigInt(s);
