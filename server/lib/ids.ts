/**
 * Snowflake-style ids (BladeX uses 19-digit snowflakes; the wire carries them as strings).
 * 41 bits of milliseconds since 2020-01-01, 10 bits of worker, 12 bits of sequence.
 */
const EPOCH = 1577836800000n;
const worker = BigInt(process.pid % 1024);
let lastMs = 0n;
let sequence = 0n;

export function nextId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    sequence = (sequence + 1n) & 4095n;
    if (sequence === 0n) {
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    sequence = 0n;
  }
  if (now < lastMs) now = lastMs; // clock moved back: keep ids increasing
  lastMs = now;
  return (((now - EPOCH) << 22n) | (worker << 12n) | sequence).toString();
}
