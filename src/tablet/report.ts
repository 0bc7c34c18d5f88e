import { readDeviceStatus } from '../storage/device-status';
import { readEnrolment } from './enrolment';

/**
 * The enrolled tablet's contacts with the server beyond the uploads (docs/product.md, enrolled
 * tablets), loading the signing and the protocol (api.ts) only on an enrolled tablet.
 */

/** The headers that sign an upload of an enrolled tablet; none (and nothing loaded) otherwise. */
export async function signedHeaders(
  method: 'POST',
  url: string,
  body: string,
): Promise<Record<string, string>> {
  if (!readEnrolment()) return {};
  const { tabletHeaders } = await import('./api');
  return tabletHeaders(method, url, body);
}

/**
 * Reports the tablet's state (versions, unsent results, last backup); `force` when it was just
 * unlocked, opened or came online, else at most every few minutes. Never throws: a report that
 * does not reach the server is sent with the next contact.
 */
export async function reportDeviceStatus(force = false): Promise<void> {
  if (!readEnrolment()) return;
  try {
    const { reportStatus } = await import('./api');
    await reportStatus(
      async () => {
        const status = await readDeviceStatus();
        return { unsent: status.unsent, lastBackupAt: status.lastBackupAt ?? null };
      },
      { force },
    );
  } catch (error) {
    console.warn('Tablet status not reported', error);
  }
}
