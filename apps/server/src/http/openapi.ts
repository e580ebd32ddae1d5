import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE, API_VERSION } from '@app/contract/constants';
import type { Config } from '../config.ts';
import { DOCS_PREFIX } from './security-headers.ts';

/** The OpenAPI document at /api/docs/json, generated from the route schemas; the UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${config.BRAND_TITLE_EN} student API`,
        description: `Base path ${API_BASE}. Every JSON reply is the envelope { code, data, msg }; msg follows the api-language header.`,
        version: API_VERSION,
      },
      tags: [
        { name: 'system', description: 'Health and service information' },
        { name: 'dict', description: 'Dictionaries (enumerations with labels)' },
        { name: 'app', description: 'Public settings of the web app' },
        { name: 'ielts', description: 'IELTS speaking: question banks, topics, questions, samples' },
        { name: 'auth', description: 'Accounts and sessions: SMS codes, login, registration, tokens' },
        { name: 'teachers', description: 'Teacher list, profiles, schedules, reviews and favourites' },
        { name: 'wallet', description: 'Study coins, lesson cards and their ledgers' },
        {
          name: 'payments',
          description: 'Recharge packages, orders, payment provider notifications and the sandbox cashier',
        },
        {
          name: 'courses',
          description: 'Booking and cancelling classes, the timetable, class pages, reviews, teacher reports',
        },
        { name: 'files', description: 'Courseware folders and files, signed downloads (a file or a zip)' },
        { name: 'users', description: 'User centre: account overview, profile, avatar' },
        { name: 'feedback', description: "Students' complaints and suggestions, with the school's reply" },
      ],
      components: {
        securitySchemes: {
          // The access token, as `Bearer <t>` or bare (DESIGN.md §5).
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
