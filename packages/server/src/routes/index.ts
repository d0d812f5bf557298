import type { RouteTable } from '../http/route';
import type { Services } from '../services';
import { accessKeyRoutes } from './access-keys/routes';
import { authFunctionRoutes } from './auth/functions';
import { authRoutes } from './auth/router';
import { ssoMappingRoutes } from './auth/sso-mappings';
import { ssoRoutes } from './auth/sso';
import { calendarFeedRoutes } from './calendar/routes';
import { approvalRoutes } from './approvals/routes';
import { campaignCommentRoutes } from './campaign-comments/routes';
import { baselineRoutes } from './baselines/routes';
import { campaignRoutes } from './campaigns/routes';
import { dashboardRoutes } from './dashboard/routes';
import { eventRoutes } from './events/routes';
import { historyRoutes } from './history/routes';
import { ideaRoutes } from './ideas/routes';
import { adRoutes } from './industry/ads';
import { prospectiveRoutes } from './industry/prospective';
import { publicationRoutes } from './industry/publications';
import { storageRoutes } from './storage/routes';
import { userRoutes } from './users/routes';
import { savedViewRoutes } from './views/routes';
import { shareLinkRoutes } from './share-links/routes';
import { taskRoutes } from './tasks/routes';
import { templateRoutes } from './templates/routes';
import { workingCalendarRoutes } from './working-calendar/routes';
import { webhookRoutes } from './webhooks/routes';
import { notificationRoutes } from './notifications/routes';

/** Every data route of docs/architecture.md#api-routes, registered once for the router and the OpenAPI document. */
export function registerDataRoutes(s: Services, t: RouteTable): void {
  authRoutes(s, t);
  ssoRoutes(s, t);
  ssoMappingRoutes(s, t);
  authFunctionRoutes(s, t);
  // Before the campaigns' /:id routes, which would take "compare" for an id.
  baselineRoutes(s, t);
  campaignRoutes(s, t);
  taskRoutes(s, t);
  campaignCommentRoutes(s, t);
  templateRoutes(s, t);
  approvalRoutes(s, t);
  dashboardRoutes(s, t);
  ideaRoutes(s, t);
  publicationRoutes(s, t);
  adRoutes(s, t);
  prospectiveRoutes(s, t);
  eventRoutes(s, t);
  userRoutes(s, t);
  accessKeyRoutes(s, t);
  storageRoutes(s, t);
  calendarFeedRoutes(s, t);
  historyRoutes(s, t);
  savedViewRoutes(s, t);
  shareLinkRoutes(s, t);
  workingCalendarRoutes(s, t);
  webhookRoutes(s, t);
  notificationRoutes(s, t);
}
