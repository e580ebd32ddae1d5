/**
 * Ends the current task and resumes in a new one, so the browser can paint and handle input in
 * between: start-up runs as several short tasks instead of one long one (issue 16, Total Blocking
 * Time). `scheduler.yield()` where the browser has it (it resumes ahead of other queued work), a
 * message otherwise (unlike `setTimeout(0)`, never clamped to 4 ms).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
