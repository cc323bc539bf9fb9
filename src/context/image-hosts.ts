/**
 * Where images may be downloaded from: GitHub's own attachment hosts, never an address an issue's
 * author picked. On github.com that is `private-user-images.githubusercontent.com` (the signed,
 * short-lived URLs of `body_html`), `user-images.githubusercontent.com` (older public attachments)
 * and `github.com/user-attachments/assets/…`; on GitHub Enterprise Server (and any other server)
 * the server's own host and its `media.` subdomain (subdomain isolation). Images GitHub only
 * proxies (`camo.githubusercontent.com`) come from elsewhere and are refused. The token is sent
 * to the server's own host only: the github.com image hosts take signed URLs, not tokens.
 */

/** Whether `url` may be fetched, and with the token or not. */
export type ImageHostVerdict = { kind: 'allowed'; sendToken: boolean } | { kind: 'refused'; why: string };

const SIGNED_OR_PUBLIC = new Set([
  'private-user-images.githubusercontent.com',
  'user-images.githubusercontent.com',
]);

/** The verdict for `url` on the GitHub at `serverUrl` (`GITHUB_SERVER_URL`). */
export function imageHostVerdict(url: string, serverUrl: string): ImageHostVerdict {
  let target: URL;
  let server: URL;
  try {
    target = new URL(url);
    server = new URL(serverUrl);
  } catch {
    return { kind: 'refused', why: 'not a valid address' };
  }
  if (target.username || target.password)
    return { kind: 'refused', why: 'an address with credentials in it' };
  if (server.host === 'github.com') {
    if (target.protocol !== 'https:') return { kind: 'refused', why: 'not served over https' };
    if (SIGNED_OR_PUBLIC.has(target.host)) return { kind: 'allowed', sendToken: false };
    if (target.host === 'github.com' && target.pathname.startsWith('/user-attachments/assets/'))
      return { kind: 'allowed', sendToken: false };
  } else if (target.protocol === server.protocol || target.protocol === 'https:') {
    if (target.host === server.host || target.host === `media.${server.host}`)
      return { kind: 'allowed', sendToken: true };
  }
  if (target.host === 'camo.githubusercontent.com')
    return { kind: 'refused', why: 'an external image GitHub only proxies, not an attachment' };
  return { kind: 'refused', why: `${target.host || 'its host'} is not one of GitHub's image hosts` };
}
