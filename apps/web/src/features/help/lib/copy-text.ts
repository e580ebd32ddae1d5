/** What copying needs from the browser (injected in tests). */
export type CopyEnv = {
  /** The async Clipboard API; missing on plain-http pages and in some in-app browsers. */
  clipboard?: Pick<Clipboard, 'writeText'> | undefined;
  /** The old way: select a hidden text field and run the copy command; true when it copied. */
  legacyCopy: (text: string) => boolean;
};

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // Deprecated, but the only copy WeChat's older built-in browser and plain-http pages have.
    return document.execCommand('copy');
  } finally {
    area.remove();
  }
}

const browserEnv = (): CopyEnv => ({
  clipboard: typeof navigator === 'undefined' ? undefined : navigator.clipboard,
  legacyCopy,
});

/**
 * Copies `text` to the clipboard: the Clipboard API, else the copy command (issue 33 §4, the
 * assistant's WeChat ID). Resolves to whether it was copied, so the page can say so either way.
 */
export async function copyText(text: string, env: CopyEnv = browserEnv()): Promise<boolean> {
  if (env.clipboard) {
    try {
      await env.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, not focused): the old way below.
    }
  }
  try {
    return env.legacyCopy(text);
  } catch {
    return false;
  }
}
