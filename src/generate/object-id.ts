// 24-hex identifiers shaped like MongoDB ObjectIds (what the real service uses, domain notes):
// 4 bytes of creation time in seconds, then bytes that make every id of one run unique by
// construction (no set of seen ids to keep, so memory stays constant for any output size).

/** What an id names; one byte of the id, so ids of different kinds never collide. */
export const ENTITY = {
  app: 1,
  user: 2,
  variant: 3,
  revision: 4,
  testset: 5,
  evaluatorConfig: 6,
  evaluation: 7,
  humanEvaluation: 8,
} as const;
export type Entity = (typeof ENTITY)[keyof typeof ENTITY];

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const hex32 = (n: number): string => HEX[(n >>> 24) & 255]! + HEX[(n >>> 16) & 255]! + HEX[(n >>> 8) & 255]! + HEX[n & 255]!;

/** The most apps one run can hold: the app index takes two bytes of every id. */
export const MAX_APPS = 65_535;

/** A one-to-one 32-bit mix (xor-shifts and odd multipliers are each invertible mod 2^32). */
function scramble(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * `epochSeconds` (4 bytes) | `entity` (1 byte), pad (1 byte) and `owner` (2 bytes: the app
 * index, or 65535 for run-wide entities) XOR the run's `mask` | `serial` XOR a key of the run,
 * entity and owner, scrambled (4 bytes). For one (entity, owner) both parts are one-to-one in
 * `serial`, and different (entity, owner) pairs differ in the middle part, so ids are unique
 * whatever the timestamps; the transforms only make them look like real ones.
 */
export function objectId(epochSeconds: number, mask: number, entity: Entity, owner: number, serial: number): string {
  return (
    hex32(epochSeconds) +
    hex32(((entity << 24) | owner) ^ mask) +
    hex32(scramble((serial ^ mask ^ Math.imul(entity, 0x9e3779b9) ^ Math.imul(owner, 0x85ebca6b)) >>> 0))
  );
}
