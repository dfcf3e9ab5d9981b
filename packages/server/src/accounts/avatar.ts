/**
 * Profile pictures. A picture is loaded by other people's browsers (friends, requests), so
 * its address must not be a server of the account holder's choosing: that would tell them
 * who opened a friend request, from where and when (a tracking beacon). Only pictures on
 * hosts that serve images for many sites and log nothing a customer can read are taken:
 * Google's user content (the picture Google sign-in brings).
 */
const TRUSTED_AVATAR_HOSTS = [/^lh\d+\.googleusercontent\.com$/, /^[a-z0-9-]+\.googleusercontent\.com$/];

/** True for an https picture address on a trusted host, with nothing that could escape an attribute. */
export function isTrustedAvatar(url: string): boolean {
  if (!/^https:\/\/[^\s"'<>]+$/.test(url)) return false;
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password || parsed.port) return false;
    return TRUSTED_AVATAR_HOSTS.some((host) => host.test(parsed.hostname));
  } catch {
    return false;
  }
}

/** The picture address to show to someone else: the stored one when trusted, else none. */
export function avatarForOthers(url: string | null | undefined): string {
  return url && isTrustedAvatar(url) ? url : '';
}
