/**
 * Practice recordings, kept in this browser only (IndexedDB); nothing is uploaded (issue #5).
 * One object store, indexed by question.
 */
export type Recording = {
  id: number;
  question_id: number;
  created_at: number;
  duration_ms: number;
  mime: string;
  blob: Blob;
};

export type NewRecording = Omit<Recording, 'id'>;

const DB_NAME = 'ielts-practice';
const STORE = 'recordings';
const BY_QUESTION = 'by_question';

let opening: Promise<IDBDatabase> | undefined;

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(): Promise<IDBDatabase> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
      store.createIndex(BY_QUESTION, 'question_id');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

async function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDb();
  const tx = db.transaction(STORE, mode);
  const result = requestResult(work(tx.objectStore(STORE)));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  return result;
}

export const recordingStore = {
  /** The recordings of a question, newest first. */
  async list(questionId: number): Promise<Recording[]> {
    const rows = await withStore('readonly', (store) =>
      store.index(BY_QUESTION).getAll(IDBKeyRange.only(questionId)),
    );
    return (rows as Recording[]).sort((a, b) => b.created_at - a.created_at);
  },

  async add(recording: NewRecording): Promise<number> {
    return Number(await withStore('readwrite', (store) => store.add(recording)));
  },

  async remove(id: number): Promise<void> {
    await withStore('readwrite', (store) => store.delete(id));
  },
};
