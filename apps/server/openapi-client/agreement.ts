/**
 * A client generated from the OpenAPI document (openapi-typescript, by scripts/check-api-doc.mjs)
 * must agree with the contract the server and the web app are built from (issue 39): for three calls
 * a client team makes first (the teacher list, booking a class, creating an order), the request and
 * the reply types of the generated client and of the contract are each assignable to the other. A
 * document that drifted from the contract stops this file from compiling.
 */
import type { BookCourseBody, CourseItem } from '@app/contract/courses';
import type { CreatedOrder, CreateOrderBody } from '@app/contract/payments';
import type { Page } from '@app/contract/paging';
import type { TeacherCard, TeacherListQuery } from '@app/contract/teachers';
import type { paths } from '../../../.tmp/openapi/schema.d.ts';

/** true when A and B are each assignable to the other. */
type Agree<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The `data` of an operation's 200 reply. */
type Data<Op> = Op extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } }
  ? D
  : never;
/** An operation's JSON request body. */
type Body<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** An operation's query parameters. */
type Query<Op> = Op extends { parameters: { query?: infer Q } } ? Q : never;

type TeacherList = paths['/api/v1/teacher/getTeacherList']['get'];
type BookCourse = paths['/api/v1/course/bookCourse']['post'];
type CreateOrder = paths['/api/v1/pay/createOrder']['post'];

/** Query strings arrive as text: the generated query type is compared key by key, not by value type. */
type SameKeys<A, B> = Agree<keyof NonNullable<A>, keyof B>;

export const agreement: [
  Agree<Data<TeacherList>, Page<TeacherCard>>,
  SameKeys<Query<TeacherList>, TeacherListQuery>,
  Agree<Body<BookCourse>, BookCourseBody>,
  Agree<Data<BookCourse>, CourseItem>,
  Agree<Body<CreateOrder>, CreateOrderBody>,
  Agree<Data<CreateOrder>, CreatedOrder>,
] = [true, true, true, true, true, true];
