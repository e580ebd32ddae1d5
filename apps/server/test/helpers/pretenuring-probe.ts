/**
 * Run by runtime-tuning.test.ts as a process of its own, with
 * `--single-threaded --allow-natives-syntax --expose-gc`: `tuned` applies the server's V8 settings
 * first, `default` leaves V8's. One place allocates objects
 * that all survive thirty minor collections (as a burst of requests waiting on the database keeps
 * theirs), then one more from optimized code; prints whether that object is in the young generation.
 */
import { tuneServerRuntime } from '../../src/runtime-tuning.ts';

if (process.argv[2] === 'tuned') tuneServerRuntime();
const natives = (source: string) => new Function('value', source) as (value: unknown) => unknown;
const inYoungGeneration = natives('return %InYoungGeneration(value)') as (value: object) => boolean;
// Optimized code allocates as the place's decision says (the interpreter always allocates young):
// `allocate` is compiled again, after the decisions, before the object that is looked at.
const prepareToOptimize = natives('%PrepareFunctionForOptimization(value)');
const optimizeOnNextCall = natives('%OptimizeFunctionOnNextCall(value)');
const collectYoung = () =>
  (globalThis as unknown as { gc: (o: { type: string }) => void }).gc({ type: 'minor' });

function allocate(i: number) {
  return { id: i, list: [i], nested: { id: i } };
}

const kept: object[] = [];
for (let round = 0; round < 30; round++) {
  for (let i = 0; i < 20_000; i++) kept.push(allocate(i));
  collectYoung();
}
kept.length = 0;
prepareToOptimize(allocate);
allocate(0);
optimizeOnNextCall(allocate);
process.stdout.write(JSON.stringify({ young: inYoungGeneration(allocate(0)) }));
