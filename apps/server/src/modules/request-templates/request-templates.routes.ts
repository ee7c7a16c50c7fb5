/** Templates, scheduled requests and 「同じ内容で依頼」 (HTTP only; decision 107). */
import { requestTemplateRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createRequestTemplateService } from './request-templates.service';

export function registerRequestTemplateRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const templates = createRequestTemplateService(deps);
  addRoute(app, opts, r.repeatBody, ({ auth, params }) => templates.repeatBody(auth, params.requestItemId));
  addRoute(app, opts, r.repeatWarehouseBody, ({ auth, params }) => templates.repeatWarehouseBody(auth, params.requestItemId));
  addRoute(app, opts, r.listTemplates, ({ auth }) => templates.list(auth));
  addRoute(app, opts, r.createTemplate, ({ auth, body }) => templates.create(auth, body));
  addRoute(app, opts, r.template, ({ auth, params }) => templates.get(auth, params.templateId));
  addRoute(app, opts, r.renameTemplate, ({ auth, params, body }) => templates.rename(auth, params.templateId, body.name));
  addRoute(app, opts, r.deleteTemplate, ({ auth, params }) => templates.remove(auth, params.templateId));
  addRoute(app, opts, r.schedule, ({ auth, params }) => templates.schedule(auth, params.templateId));
  addRoute(app, opts, r.setSchedule, ({ auth, params, body }) => templates.setSchedule(auth, params.templateId, body));
  addRoute(app, opts, r.stopSchedule, ({ auth, params }) => templates.stopSchedule(auth, params.templateId));
  addRoute(app, opts, r.skipOccurrence, ({ auth, params }) => templates.skip(auth, params.templateId, params.date));
  addRoute(app, opts, r.editOccurrence, ({ auth, params, body }) => templates.edit(auth, params.templateId, params.date, body));
}
