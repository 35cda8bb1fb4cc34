import type { Queryable } from '../db/database.ts';
import { randomToken, sameText, sixDigitCode, tokenHash } from './secret-tokens.ts';

/** A signup code lives 30 minutes and allows 5 tries: a million codes cannot be guessed that way. */
const SIGNUP_CODE_MINUTES = 30;
const SIGNUP_CODE_TRIES = 5;
/** A restore link lives an hour (OWASP's Forgot Password Cheat Sheet: short-lived, single use). */
const RESTORE_LINK_MINUTES = 60;
/** One restore mail per account per minute: the form cannot be used to flood someone's mailbox. */
const RESTORE_RESEND_SECONDS = 60;

export type CodeCheck = 'accepted' | 'wrong';

/** Signup codes and restore-link tokens (auth_one_time_codes), stored hashed, one live per account. */
export class OneTimeCodesRepository {
  private readonly db: Queryable;

  constructor(db: Queryable) {
    this.db = db;
  }

  /** A new six-digit signup code for the account; the previous one stops working. */
  async issueSignupCode(userId: number): Promise<string> {
    const code = sixDigitCode();
    await this.#replace('signup', userId, tokenHash(code, `signup:${userId}`), SIGNUP_CODE_MINUTES);
    return code;
  }

  /** Checks the account's signup code; it is used up when right, and after the last wrong try. */
  async checkSignupCode(userId: number, code: string): Promise<CodeCheck> {
    const rows = await this.db.query<{ code_hash: string; attempts: number }>(
      `UPDATE auth_one_time_codes SET attempts = attempts + 1
       WHERE purpose = 'signup' AND user_id = $1 AND expires_at > now() AND attempts < $2
       RETURNING code_hash, attempts`,
      [userId, SIGNUP_CODE_TRIES],
    );
    const row = rows[0];
    if (!row) return 'wrong';
    const right = sameText(tokenHash(code, `signup:${userId}`), row.code_hash);
    if (right || row.attempts >= SIGNUP_CODE_TRIES) {
      await this.db.query("DELETE FROM auth_one_time_codes WHERE purpose = 'signup' AND user_id = $1", [userId]);
    }
    return right ? 'accepted' : 'wrong';
  }

  /**
   * A restore-link token, or undefined when one was issued less than a minute ago. One statement,
   * so concurrent requests for the same account issue one token between them.
   */
  async issueRestoreToken(userId: number): Promise<string | undefined> {
    const token = randomToken();
    const rows = await this.db.query(
      `INSERT INTO auth_one_time_codes (purpose, user_id, code_hash, expires_at)
       VALUES ('restore', $1, $2, now() + make_interval(mins => $3))
       ON CONFLICT (purpose, user_id) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()
         WHERE auth_one_time_codes.created_at <= now() - make_interval(secs => $4)
       RETURNING user_id`,
      [userId, tokenHash(token, 'restore'), RESTORE_LINK_MINUTES, RESTORE_RESEND_SECONDS],
    );
    return rows.length > 0 ? token : undefined;
  }

  /** The account a live restore token opens. */
  async restoreTokenOwner(token: string): Promise<number | undefined> {
    const rows = await this.db.query<{ user_id: number }>(
      "SELECT user_id FROM auth_one_time_codes WHERE purpose = 'restore' AND code_hash = $1 AND expires_at > now()",
      [tokenHash(token, 'restore')],
    );
    return rows[0]?.user_id;
  }

  /** Uses up a restore token: answers its account once, undefined ever after. */
  async consumeRestoreToken(token: string): Promise<number | undefined> {
    const rows = await this.db.query<{ user_id: number }>(
      "DELETE FROM auth_one_time_codes WHERE purpose = 'restore' AND code_hash = $1 AND expires_at > now() RETURNING user_id",
      [tokenHash(token, 'restore')],
    );
    return rows[0]?.user_id;
  }

  async #replace(purpose: 'signup' | 'restore', userId: number, codeHash: string, minutes: number): Promise<void> {
    await this.db.query(
      `INSERT INTO auth_one_time_codes (purpose, user_id, code_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4))
       ON CONFLICT (purpose, user_id) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()`,
      [purpose, userId, codeHash, minutes],
    );
  }
}
