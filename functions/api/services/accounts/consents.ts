import { CONSENT_VERSIONS, type ConsentKind } from '../../../../src/shared/messages/accounts';

/**
 * Consents (issue 35): each one given or withdrawn is a row of `consents` with its date and the version of the
 * text accepted (CONSENT_VERSIONS). Rows are only added; the latest of a kind is the person's current answer.
 * The registration form's ticked terms box records the terms; its promotions box and Perfil's switch record
 * the promotions consent.
 */

/** The consent statement for `kind` (its current text's version), for a batch that records a consent. */
export function consentStatement(
  db: D1Database,
  userId: number,
  kind: ConsentKind,
  granted: boolean,
  source: 'registration' | 'profile',
): D1PreparedStatement {
  return db
    .prepare('insert into consents (user_id, kind, granted, version, source) values (?, ?, ?, ?, ?)')
    .bind(userId, kind, granted ? 1 : 0, CONSENT_VERSIONS[kind], source);
}

/**
 * The promotions consent given or withdrawn in Perfil: recorded only when it changes the current answer (a
 * repeated tap adds nothing), in the batch that changes the account's flag (before it: it compares with it).
 */
export function promotionsConsentIfChanged(db: D1Database, userId: number, granted: boolean): D1PreparedStatement {
  return db
    .prepare(
      `insert into consents (user_id, kind, granted, version, source)
       select id, 'promotions', ?2, ?3, 'profile' from users where id = ?1 and accept_promotions <> ?2`,
    )
    .bind(userId, granted ? 1 : 0, CONSENT_VERSIONS.promotions);
}

/** Perfil's promotions switch: the account's flag and, when it changed, the consent's record. */
export async function setPromotionsConsent(db: D1Database, userId: number, granted: boolean) {
  await db.batch([
    promotionsConsentIfChanged(db, userId, granted),
    db
      .prepare(
        "update users set accept_promotions = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') where id = ?1",
      )
      .bind(userId, granted ? 1 : 0),
  ]);
}
