/**
 * What each role of an organisation may do (docs/producers.md, "Roles"). Every producer
 * route names the power it needs; this table is the only place that says who has it.
 */
import type { OrganisationRole } from '@plateia/core/messages/organisations';

/** A power a producer route needs. */
export type OrganisationPower =
  /** The organisation's name, document, contacts and embedding origins. */
  | 'organisation.edit'
  /** Invite, change and remove members other than owners. */
  | 'team.manage'
  /** Invite, promote, demote and remove owners. */
  | 'team.owners'
  /** Create and edit events, their lots, products, coupons, meia policy and high demand. */
  | 'events.edit'
  /** Cancel an event (every buyer is refunded). */
  | 'events.cancel'
  /** Courtesy tickets, manual orders and charges at the event's points of sale. */
  | 'box-office'
  /** The door: the event's check-in manifest, scans and offline uploads. */
  | 'door'
  /** Sales, participants and financial reports. */
  | 'reports.view'
  /** Webhook endpoints, their delivery log and redelivery (docs/integrations.md). */
  | 'webhooks.manage';

const POWERS: Record<OrganisationRole, ReadonlySet<OrganisationPower>> = {
  owner: new Set([
    'organisation.edit',
    'team.manage',
    'team.owners',
    'events.edit',
    'events.cancel',
    'box-office',
    'door',
    'reports.view',
    'webhooks.manage',
  ]),
  manager: new Set([
    'team.manage',
    'events.edit',
    'events.cancel',
    'box-office',
    'door',
    'reports.view',
    'webhooks.manage',
  ]),
  box_office: new Set(['box-office']),
  door: new Set(['door']),
  viewer: new Set(['reports.view']),
};

/** Whether `role` carries `power`. */
export function roleHas(role: OrganisationRole, power: OrganisationPower): boolean {
  return POWERS[role].has(power);
}

/** The roles that carry `power`, strongest first. */
export function rolesWith(power: OrganisationPower): OrganisationRole[] {
  return (Object.keys(POWERS) as OrganisationRole[]).filter((role) => POWERS[role].has(power));
}
