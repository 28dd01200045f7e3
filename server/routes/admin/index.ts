// The staff API, mounted by app.ts under /admin/api. Each resource registers its routes here.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AppError } from "../../domain/errors.ts";
import { staffAuthRoutes } from "./auth.ts";
import { adminDashboardRoutes } from "./dashboard.ts";
import { adminProductRoutes } from "./products.ts";
import { adminOrderRoutes } from "./orders.ts";
import { adminConversationRoutes } from "./conversations.ts";
import { adminCustomerRoutes } from "./customers.ts";
import { adminStaffRoutes } from "./staff.ts";
import { adminSettingsRoutes } from "./settings.ts";
import { adminOutboxRoutes } from "./outbox.ts";
import { adminSynonymRoutes } from "./synonyms.ts";
import { adminQuickReplyRoutes } from "./quick-replies.ts";
import { adminBankStatementRoutes } from "./bank-statements.ts";
import { adminDeliveryRoutes } from "./delivery.ts";
import { adminPushRoutes } from "./push.ts";
import { adminCouponRoutes } from "./coupons.ts";
import { adminReportRoutes } from "./reports.ts";
import { adminWhatsAppInboxRoutes } from "./whatsapp-inbox.ts";
import { adminFiscalDocumentRoutes } from "./fiscal-documents.ts";
import { adminPayOnDeliveryRoutes } from "./pay-on-delivery.ts";
import { adminReturnRoutes } from "./returns.ts";
import { adminPaymentRequestRoutes } from "./payment-requests.ts";

export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(staffAuthRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminConversationRoutes);
  await app.register(adminCustomerRoutes);
  await app.register(adminStaffRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminOutboxRoutes);
  await app.register(adminSynonymRoutes);
  await app.register(adminQuickReplyRoutes);
  await app.register(adminBankStatementRoutes);
  await app.register(adminDeliveryRoutes);
  await app.register(adminPushRoutes);
  await app.register(adminCouponRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminWhatsAppInboxRoutes);
  await app.register(adminFiscalDocumentRoutes);
  await app.register(adminPayOnDeliveryRoutes);
  await app.register(adminReturnRoutes);
  await app.register(adminPaymentRequestRoutes);
  // Unknown staff routes answer in the API's shape, not the console's HTML fallback.
  app.setNotFoundHandler((request) => {
    throw new AppError(404, `Rota não encontrada: ${request.method} ${request.url.split("?")[0]}`);
  });
};
