import type { Outbox } from '../../mail/outbox.js';
import type { ReviewRules } from './check-detail.js';

/** What the reviewers' writes need besides the database. */
export interface ReviewServices extends ReviewRules {
  mail: Outbox;
  appName: string;
  /** The portal's origin, for the link to /external/onboarding in the company's mails. */
  publicUrl: string;
  /** config.slaHolidays (packages/domain decide takes them; only a submission computes an SLA). */
  slaHolidays: readonly string[];
}
