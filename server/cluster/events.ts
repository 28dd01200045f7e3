// What the chat domain hands to the real-time hub after a commit.
import type { SupportMessage } from "../schemas/messages.ts";

export interface ChatEvent {
  orderId: string;
  /** The order's customer: all their sockets get the global notification. */
  ownerId: string;
  /** The staff shape; customer sockets receive only the shopper fields of it. */
  message: SupportMessage;
}

/** The hub as the domain sees it: publishing never fails the request (the message is already stored). */
export interface ChatPublisher {
  publishMessage(event: ChatEvent): Promise<void>;
}

/** What the settings domain hands to the hub after a commit: every admin socket is told who changed what. */
export interface SettingsChangedEvent {
  /** The acting admin's name and id (the console that made the change does not alert its own admin). */
  by: string;
  byId: string;
  fields: string[];
}

/** A shopper placed an order: every staff socket is told (after the commit). */
export interface NewOrderEvent {
  orderId: string;
  totalAmount: number;
}

/** A conversation was given to a staff member or to nobody: every staff socket is told (after the commit). */
export interface AssigneeChangedEvent {
  orderId: string;
  assignee: { id: string; name: string } | null;
  /** The staff member who changed it. */
  byId: string;
}

/** A Multicaixa Express charge was settled: the order's shopper is told on every socket they have (after the commit). */
export interface ChargeSettledEvent {
  orderId: string;
  ownerId: string;
  chargeId: string;
  status: "paid" | "failed" | "review";
}

/** Publishing never fails the request (the order is already stored). */
export interface OrderPublisher {
  publishNewOrder(event: NewOrderEvent): Promise<void>;
}

/** Publishing never fails the request (the assignment is already stored). */
export interface AssignmentPublisher {
  publishAssigneeChanged(event: AssigneeChangedEvent): Promise<void>;
}

/** Publishing never fails the request (the change is already stored). */
export interface SettingsPublisher {
  publishSettingsChanged(event: SettingsChangedEvent): Promise<void>;
}
