// Who is who: shoppers are customers; staff are admins (everything) or support agents (orders and chats, no
// catalogue, staff or settings changes). See docs/product/console.md.
export const STAFF_ROLES = ["admin", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);
