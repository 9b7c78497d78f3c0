// E-mail addresses: one normal form (trimmed, lower-cased) so uniqueness is case-insensitive, a
// pragmatic syntax check (RFC 5321 lengths, a dotted domain), and the sign-up domain blocklist.

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

// Deliberately stricter than RFC 5322 (no quoted local parts, no IP-literal domains): addresses like
// those are legal but are almost always mistakes or abuse on a sign-up form.
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Expects a normalized address. */
export function isValidEmail(email: string): boolean {
  if (email.length > 254) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > 64 || !LOCAL.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((l) => LABEL.test(l))) return false;
  // The top-level label is never all digits (that would be an IP address).
  return !/^\d+$/.test(labels[labels.length - 1]!);
}

export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/** The local part, used as the default tenant display name. */
export function localPartOf(email: string): string {
  return email.slice(0, email.lastIndexOf('@'));
}

/**
 * Domains refused at sign-up: disposable-mail providers plus the operator's own list. A domain is
 * refused when it or any parent domain is listed, so `x.mailinator.com` is caught by `mailinator.com`.
 */
export class DomainBlocklist {
  private readonly domains: Set<string>;

  constructor(...lists: Iterable<string>[]) {
    this.domains = new Set();
    for (const list of lists)
      for (const d of list)
        this.domains.add(
          d
            .trim()
            .toLowerCase()
            .replace(/^\*?\./, ''),
        );
  }

  get size(): number {
    return this.domains.size;
  }

  isBlocked(domain: string): boolean {
    const labels = domain.toLowerCase().split('.');
    // Stop before the bare top-level label: nobody lists `com`, and a list entry must not block it.
    for (let i = 0; i < labels.length - 1; i++) {
      if (this.domains.has(labels.slice(i).join('.'))) return true;
    }
    return false;
  }
}
