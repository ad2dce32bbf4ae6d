// A small fetch wrapper for the mock tests: status, headers and the raw body text.
export interface Got {
  status: number;
  headers: Headers;
  text: string;
  /** The same text, under the name checkResponse reads. */
  body: string;
}

export async function get(url: string, init?: RequestInit): Promise<Got> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text };
}
