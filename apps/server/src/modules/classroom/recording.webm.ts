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

const EBML_MAGIC = 0x1a45dfa3;
const ID_TIMECODE = 0xe7;
const ID_SIMPLE_BLOCK = 0xa3;
const ID_BLOCK_GROUP = 0xa0;
/** Elements that may follow a Cluster at the Segment's level (Cues, Tags, Chapters, Attachments, …). */
const TOP_LEVEL = new Set([
  ID_CLUSTER,
  0x1c53bb6b,
  0x1254c367,
  0x1043a770,
  0x1941a469,
  ID_SEEKHEAD,
  ID_INFO,
  0x1654ae6b,
]);
const CLUSTER_UNKNOWN_SIZE = Buffer.from([
  0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
]);
const CLUSTER_ID_BYTES = CLUSTER_UNKNOWN_SIZE.subarray(0, 4);
/** An element larger than this is taken for damaged bytes (a block of 4 s of video is far smaller). */
const MAX_ELEMENT = 32 * 1024 * 1024;
/** The gap left between one recorder's stream and the next (about a frame). */
const STREAM_GAP_MS = 40;

const ID_TRACKS = 0x1654ae6b;
const ID_TRACK_ENTRY = 0xae;
const ID_TRACK_NUMBER = 0xd7;
const ID_CODEC_ID = 0x86;
const ID_BLOCK = 0xa1;

/** The child elements with known sizes between `start` and `end` (stops at anything else). */
function children(buf: Buffer, start: number, end: number): { id: number; start: number; end: number }[] {
  const found: { id: number; start: number; end: number }[] = [];
  for (let p = start; p < end;) {
    const id = readId(buf, p);
    const size = id && readSize(buf, p + id.length);
    if (!id || !size || size.unknown) break;
    const dataStart = p + id.length + size.length;
    const dataEnd = dataStart + size.value;
    if (dataEnd > end) break;
    found.push({ id: id.value, start: dataStart, end: dataEnd });
    p = dataEnd;
  }
  return found;
}

/** Where the Block inside a BlockGroup element (whose children start at `start`) has its data. */
function blockIn(element: Buffer, start: number): number | undefined {
  return children(element, start, element.length).find((child) => child.id === ID_BLOCK)?.start;
}

/** Whether `bytes` begin a WebM (EBML) file. */
export function isWebmHead(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes.readUInt32BE(0) === EBML_MAGIC;
}

/**
 * Joins a recording's chunks into one playable WebM, as they are read in order. Each recorder's
 * stream (`startStream`, a chunk that carries a WebM header) contributes its clusters; the header is
 * written once (the first one, with Duration), later streams' timecodes are moved on past the
 * earlier ones (a teacher who entered again), every cluster is written with an unknown size, and
 * after lost bytes (`gap`) the element cut short is dropped and reading resumes at the next cluster.
 * Only whole elements are written, so a player never meets a cut block.
 */
export class WebmJoiner {
  private buf: Buffer = Buffer.alloc(0);
  private state: 'start' | 'top' | 'cluster' | 'resync' = 'resync';
  private header: Buffer[] = [];
  private headerWritten = false;
  private offset = 0;
  private clusterTime = 0;
  private maxTime = -1;
  /** The first stream's track number of each codec, and this stream's numbers moved to them. */
  private readonly trackOfCodec = new Map<string, number>();
  private renumber = new Map<number, number>();

  constructor(private readonly durationMs: number) {}

  /** A recorder's stream begins: its bytes start with a WebM header. */
  startStream(): void {
    this.buf = Buffer.alloc(0);
    this.header = [];
    this.state = 'start';
    this.renumber = new Map();
    this.offset = this.maxTime < 0 ? 0 : this.maxTime + STREAM_GAP_MS;
  }

  /** Bytes were lost before what comes next: the element cut short is dropped. */
  gap(): void {
    this.buf = Buffer.alloc(0);
    if (this.state !== 'start') this.state = 'resync';
  }

  /** The next bytes; returns what can be written now. */
  push(bytes: Buffer): Buffer[] {
    this.buf = this.buf.length === 0 ? bytes : Buffer.concat([this.buf, bytes]);
    const out: Buffer[] = [];
    let pos = 0;
    for (;;) {
      const used = this.step(pos, out);
      if (used === 0) break;
      pos += used;
    }
    this.buf = this.buf.subarray(pos);
    return out;
  }

  /** One element (or header part) from `pos`: bytes consumed, 0 when more bytes are needed. */
  private step(pos: number, out: Buffer[]): number {
    const buf = this.buf;
    if (pos >= buf.length) return 0;
    if (this.state === 'resync') {
      const at = buf.indexOf(CLUSTER_ID_BYTES, pos);
      if (at < 0) return Math.max(0, buf.length - 3 - pos);
      this.state = 'top';
      return at - pos || this.step(pos, out);
    }
    const id = readId(buf, pos);
    if (!id) return pos + 4 <= buf.length ? this.damaged(pos) : 0;
    const size = readSize(buf, pos + id.length);
    if (!size) return pos + id.length + 8 <= buf.length ? this.damaged(pos) : 0;
    const headLength = id.length + size.length;

    if (this.state === 'start') {
      if (this.header.length === 0 && id.value !== EBML_MAGIC) return this.damaged(pos);
      if (id.value === ID_SEGMENT) {
        // Written with an unknown size: the joined clusters are not the recorder's.
        this.header.push(
          Buffer.concat([buf.subarray(pos, pos + id.length), CLUSTER_UNKNOWN_SIZE.subarray(4)]),
        );
        return headLength;
      }
      if (id.value === ID_CLUSTER) {
        if (!this.headerWritten) {
          out.push(withDuration(Buffer.concat(this.header), this.durationMs));
          this.headerWritten = true;
        }
        this.state = 'top';
        return this.step(pos, out) || 0;
      }
      if (size.unknown || size.value > MAX_ELEMENT) return this.damaged(pos);
      const end = pos + headLength + size.value;
      if (end > buf.length) return 0;
      if (id.value === ID_TRACKS) this.readTracks(buf, pos + headLength, end);
      this.header.push(Buffer.from(buf.subarray(pos, end)));
      return end - pos;
    }

    if (id.value === ID_CLUSTER) {
      if (!this.headerWritten) return this.damaged(pos);
      out.push(CLUSTER_UNKNOWN_SIZE);
      this.state = 'cluster';
      return headLength;
    }
    if (this.state === 'top' || TOP_LEVEL.has(id.value)) {
      // Anything else at the Segment's level (cues, tags) is left out; a cluster follows or nothing.
      if (size.unknown || size.value > MAX_ELEMENT) return this.damaged(pos);
      const end = pos + headLength + size.value;
      if (end > buf.length) return 0;
      this.state = 'top';
      return end - pos;
    }
    // In a cluster: its timecode moved on, its blocks as they are, the rest (positions) left out.
    if (size.unknown || size.value > MAX_ELEMENT) return this.damaged(pos);
    const end = pos + headLength + size.value;
    if (end > buf.length) return 0;
    const dataStart = pos + headLength;
    if (id.value === ID_TIMECODE && size.value >= 1 && size.value <= 6) {
      this.clusterTime = buf.readUIntBE(dataStart, size.value);
      const timecode = Buffer.alloc(10);
      timecode[0] = ID_TIMECODE;
      timecode[1] = 0x88;
      timecode.writeBigUInt64BE(BigInt(this.clusterTime + this.offset), 2);
      out.push(timecode);
    } else if (id.value === ID_SIMPLE_BLOCK || id.value === ID_BLOCK_GROUP) {
      const element = Buffer.from(buf.subarray(pos, end));
      const block = id.value === ID_SIMPLE_BLOCK ? headLength : blockIn(element, headLength);
      const track = block === undefined ? undefined : readSize(element, block);
      if (block !== undefined && track && block + track.length + 2 <= element.length) {
        const time = this.clusterTime + this.offset + element.readInt16BE(block + track.length);
        if (time > this.maxTime) this.maxTime = time;
        const to = this.renumber.get(track.value);
        if (to !== undefined && track.length === 1 && to < 127) element[block] = 0x80 | to;
      }
      out.push(element);
    }
    return end - pos;
  }

  /**
   * A stream's tracks: the first stream's number of each codec; a later stream's numbers mapped to
   * them (a recorder numbers its tracks in the order their first frames came, which may differ).
   */
  private readTracks(buf: Buffer, start: number, end: number): void {
    for (const entry of children(buf, start, end)) {
      if (entry.id !== ID_TRACK_ENTRY) continue;
      let number: number | undefined;
      let codec: string | undefined;
      for (const field of children(buf, entry.start, entry.end)) {
        if (field.id === ID_TRACK_NUMBER && field.end - field.start <= 6)
          number = buf.readUIntBE(field.start, field.end - field.start);
        if (field.id === ID_CODEC_ID) codec = buf.toString('latin1', field.start, field.end);
      }
      if (number === undefined || codec === undefined) continue;
      if (!this.headerWritten) this.trackOfCodec.set(codec, number);
      else {
        const first = this.trackOfCodec.get(codec);
        if (first !== undefined && first !== number) this.renumber.set(number, first);
      }
    }
  }

  /** Bytes that are not an element where one should start: read on from the next cluster. */
  private damaged(_at: number): number {
    this.state = 'resync';
    return 1;
  }
}
