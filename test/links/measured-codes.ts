/**
 * The codes docs/link-health.md says were measured on dead shares, written out once for the tests (the
 * oracle stays in test/, apart from the tables it checks): the row tests expect each to decide `dead`, the
 * property test that no other code does.
 */
export const MEASURED_DEAD = {
  quarkFamily: [41004, 41006, 41011, 41012, 41010, 41031],
  alipan: [
    'NotFound.ShareLink',
    'ShareLink.Cancelled',
    'ShareLink.Expired',
    'ForbiddenShareLinkViolation',
    // osec's production table (2026-09-16), docs/link-health.md "alipan".
    'ShareLink.Forbidden',
    'ShareLink.ContentInvalid',
    'NotFound.Drive',
  ],
  tianyi: [
    'ShareInfoNotFound',
    'ShareNotFound',
    'FileNotFound',
    'ShareExpiredError',
    'ShareAuditNotPass',
    'ShareAuditNo',
    'FolderNotFound',
  ],
  '115': [4100009, 4100026],
  xunlei: ['NOT_FOUND', 'SENSITIVE_RESOURCE', 'EXPIRED', 'DELETED'],
} as const;
