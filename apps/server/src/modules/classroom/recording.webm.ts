/**
 * The one change the finaliser makes to a recording's bytes: MediaRecorder writes a live WebM (no
 * Duration, sizes unknown), which a player shows without a length and cannot seek well. When the
 * recording's first chunk is laid out as Chrome and Firefox write it (EBML header, a Segment of
 * unknown size, Info before any Cluster, no SeekHead that would point past Info), the Info element
 * gains a Duration; otherwise the bytes are left as they are (the file still plays).
 */

const ID_SEGMENT = 0x18538067;
const ID_INFO = 0x1549a966;
const ID_CLUSTER = 0x1f43b675;
const ID_SEEKHEAD = 0x114d9b74;
const ID_DURATION = 0x4489;
const ID_TIMECODE_SCALE = 0x2ad7b1;

type Vint = { value: number; length: number; unknown: boolean };

function readId(buf: Buffer, pos: number): Vint | undefined {
  const first = buf[pos];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 4 || pos + length > buf.length) return undefined;
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + (buf[pos + i] as number);
  return { value, length, unknown: false };
}

function readSize(buf: Buffer, pos: number): Vint | undefined {
  const first = buf[pos];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (pos + length > buf.length) return undefined;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i] as number;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: allOnes };
}

function writeSize(value: number, length: number): Buffer | undefined {
  if (value >= 2 ** (7 * length) - 1) return undefined;
  const out = Buffer.alloc(length);
  let rest = value;
  for (let i = length - 1; i >= 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0] = (out[0] as number) | (0x80 >> (length - 1));
  return out;
}

/** `head` (a recording's first chunk) with Info's Duration set to `durationMs`, or `head` unchanged. */
export function withDuration(head: Buffer, durationMs: number): Buffer {
  if (!(durationMs > 0)) return head;
  const ebml = readId(head, 0);
  if (!ebml || ebml.value !== 0x1a45dfa3) return head;
  const ebmlSize = readSize(head, ebml.length);
  if (!ebmlSize || ebmlSize.unknown) return head;
  let pos = ebml.length + ebmlSize.length + ebmlSize.value;
  const segment = readId(head, pos);
  if (!segment || segment.value !== ID_SEGMENT) return head;
  const segmentSize = readSize(head, pos + segment.length);
  if (!segmentSize || !segmentSize.unknown) return head;
  pos += segment.length + segmentSize.length;
  while (pos < head.length) {
    const id = readId(head, pos);
    if (!id || id.value === ID_CLUSTER || id.value === ID_SEEKHEAD) return head;
    const size = readSize(head, pos + id.length);
    if (!size || size.unknown) return head;
    const dataStart = pos + id.length + size.length;
    const dataEnd = dataStart + size.value;
    if (dataEnd > head.length) return head;
    if (id.value !== ID_INFO) {
      pos = dataEnd;
      continue;
    }
    // Info: its TimecodeScale (default 1 ms), and no Duration yet.
    let scale = 1_000_000;
    for (let p = dataStart; p < dataEnd;) {
      const child = readId(head, p);
      const childSize = child && readSize(head, p + child.length);
      if (!child || !childSize || childSize.unknown) return head;
      const start = p + child.length + childSize.length;
      if (child.value === ID_DURATION) return head;
      if (child.value === ID_TIMECODE_SCALE && childSize.value > 0 && childSize.value <= 6) {
        scale = head.readUIntBE(start, childSize.value);
      }
      p = start + childSize.value;
    }
    const duration = Buffer.alloc(11);
    duration.writeUInt16BE(ID_DURATION, 0);
    duration[2] = 0x88;
    duration.writeDoubleBE((durationMs * 1_000_000) / scale, 3);
    const newSize = writeSize(size.value + duration.length, size.length);
    if (!newSize) return head;
    return Buffer.concat([
      head.subarray(0, pos + id.length),
      newSize,
      head.subarray(dataStart, dataEnd),
      duration,
      head.subarray(dataEnd),
    ]);
  }
  return head;
}
