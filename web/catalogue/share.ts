/** Public URL of a program's page, for sharing and the copy box: the page's canonical address, which carries its card. */
export function programUrl(origin: string, slug: string): string {
  return `${origin}/program/${encodeURIComponent(slug)}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function twitterShareUrl(url: string, text: string): string {
  return `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

export function linkedInShareUrl(url: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;
}

export function emailShareUrl(url: string, title: string): string {
  const subject = `Take a look at ${title}`;
  const body = `I thought you might like this program from Great Lakes Etiquette:\n\n${title}\n${url}`;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** Opens the sharing page in a small window. With noopener the call returns null by design. */
export function openShareWindow(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer,width=640,height=560');
}

/** Copies text; uses a hidden selection when the async clipboard is unavailable (http, old browsers). */
export async function copyText(text: string, fallbackInput?: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection-based copy
  }
  if (!fallbackInput) return false;
  fallbackInput.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
