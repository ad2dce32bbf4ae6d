// Which requests the console answers: DNS rebinding and cross-site writes. A page of
// `http://evil.example:4010` whose name an attacker resolves to 127.0.0.1 reaches the mock with
// `Host: evil.example:4010`, so the console answers only Hosts that name this machine, the address
// it listens on or a host the user allowed (Vite's `server.allowedHosts`, webpack-dev-server's host
// check): `localhost` and `*.localhost`, any IP literal (a browser sends one only when it connected
// to that address itself, so no rebinding), the `--host` value and `--allowed-hosts` entries
// (`.example.com` also allows its subdomains). The port is not checked: port forwarding (docker
// `-p 8080:4010`) and proxies change it, and rebinding needs a name, not a port.
import { isIP } from "node:net";

export interface HostCheck {
  /** The Host header names this mock (a missing one does not: every browser sends it). */
  host(header: string | undefined): boolean;
  /** A state-changing request's Origin: absent, the mock's own origin (the Host's), or an allowed host. */
  origin(origin: string | undefined, host: string | undefined): boolean;
}

/**
 * Whether a change without an Origin still comes from another site by the browser's own word: a
 * `Sec-Fetch-Site` other than `same-origin` (or `none`, a user's own navigation). Defence in depth
 * beside the Origin check, for a browser or an extension that leaves the Origin out: with an Origin,
 * the Origin check decides (an `--allowed-hosts` page may be another site on purpose).
 */
export function crossSiteWithoutOrigin(origin: string | undefined, fetchSite: string | undefined): boolean {
  if (origin !== undefined || fetchSite === undefined) return false;
  const site = fetchSite.trim().toLowerCase();
  return site !== "same-origin" && site !== "none";
}

/** `Example.COM.:4010` -> `example.com`; `[::1]:4010` -> `::1`; undefined when it is no host. */
export function hostnameOf(header: string): string | undefined {
  let name: string;
  if (header.startsWith("[")) {
    const end = header.indexOf("]");
    if (end === -1) return undefined;
    name = header.slice(1, end);
    const rest = header.slice(end + 1);
    if (rest !== "" && !/^:\d{1,5}$/.test(rest)) return undefined;
  } else {
    const colon = header.lastIndexOf(":");
    name = colon === -1 ? header : header.slice(0, colon);
    if (colon !== -1 && !/^\d{1,5}$/.test(header.slice(colon + 1))) return undefined;
  }
  name = name.toLowerCase().replace(/\.$/, "");
  return name === "" || /[^a-z0-9.\-_:%]/.test(name) ? undefined : name;
}

/** `--allowed-hosts` entries as they are matched: lower case, no port, no trailing dot. */
export function normalizeAllowedHost(entry: string): string {
  const trimmed = entry.trim().toLowerCase();
  const leadingDot = trimmed.startsWith(".");
  const name = hostnameOf(leadingDot ? trimmed.slice(1) : trimmed) ?? "";
  return name === "" ? "" : `${leadingDot ? "." : ""}${name}`;
}

/** The Host header as URL.host writes it (lower case, default port dropped). */
function sameOriginHost(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).host;
  } catch {
    return undefined;
  }
}

export function createHostCheck(options: { host?: string | undefined; allowedHosts?: readonly string[] | undefined }): HostCheck {
  const matcher = (entries: readonly string[]): ((name: string) => boolean) => {
    const names = new Set<string>();
    const suffixes: string[] = [];
    for (const entry of entries) {
      const name = normalizeAllowedHost(entry);
      if (name.startsWith(".")) {
        suffixes.push(name);
        names.add(name.slice(1));
      } else if (name !== "") names.add(name);
    }
    return (name) => names.has(name) || suffixes.some((suffix) => name.endsWith(suffix));
  };
  // Origins: the user's allowed hosts on any port and scheme (a proxy's `https://mock.example`);
  // this machine's names only with the very Host asked (another local port is another site).
  const isAllowedHost = matcher(options.allowedHosts ?? []);
  const isListenHost = matcher(options.host === undefined ? [] : [options.host]);
  const isThisMachine = (name: string): boolean => name === "localhost" || name.endsWith(".localhost") || isIP(name) !== 0;
  return {
    host(header) {
      if (header === undefined) return false;
      const name = hostnameOf(header);
      return name !== undefined && (isThisMachine(name) || isListenHost(name) || isAllowedHost(name));
    },
    origin(origin, host) {
      if (origin === undefined) return true;
      let url: URL;
      try {
        url = new URL(origin);
      } catch {
        return false; // `null` (a sandboxed frame, a file:// page) and garbage
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") return false;
      if (host !== undefined && url.host === sameOriginHost(host)) return true;
      const name = hostnameOf(url.host);
      return name !== undefined && isAllowedHost(name);
    },
  };
}
