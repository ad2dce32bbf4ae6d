// A small fetch wrapper for the mock tests: status, headers and the raw body text.
export interface Got {
  status: number;
  headers: Headers;
  text: string;
  /** The same text, under the name checkResponse reads. */
  body: string;
  ms: number;
}

export async function get(url: string, init?: RequestInit): Promise<Got> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text, ms: performance.now() - started };
}
