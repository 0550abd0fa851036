import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fullNameSql } from '../../kernel/people.ts';
import { likeOf, orderSql, reportCtes, type ReportScope } from './report-sql.repo.ts';
import { isoSql, rowsOf } from './scope.repo.ts';

/** The report queries (decision 0062); every one is scoped by the class id it is given. */

export interface Sorting {
  sortBy?: string;
  sortOrder: 'asc' | 'desc';
  search: string;
}
export interface Window {
  limit: number;
  offset: number;
}

const windowSql = (w: Window | null): SQL => (w ? sql`limit ${w.limit} offset ${w.offset}` : sql``);

export interface ClassReportRecord {
  studentId: string;
  fullName: string;
  lastSystemAccess: string | null;
  lastMaterialAccess: string | null;
  lastMaterialTitle: string | null;
  totalSeconds: number;
  submitted: number;
  totalSubmissions: number;
  missing: number;
  total: number;
}

const CLASS_SORT: Record<string, SQL> = {
  fullName: sql`lower(r.sort_name)`,
  lastSystemAccess: sql`r.last_access_at`,
  lastMaterialAccess: sql`r.last_at`,
  totalSeconds: sql`r."totalSeconds"`,
  submitted: sql`r.submitted`,
  missing: sql`r.missing`,
};

export const classReportRows = async (db: Db, s: ReportScope, q: Sorting, w: Window | null): Promise<ClassReportRecord[]> =>
  rowsOf<ClassReportRecord>(
    await db.execute(sql`
      with ${reportCtes(s, q.search)},
      spent as (select user_id, sum(seconds)::int as secs, max(last_at) as last_at from act group by user_id),
      last_material as (select distinct on (user_id) user_id, material_id from act order by user_id, last_at desc),
      subs as (
        select student_id, count(*)::int as total, count(*) filter (where handed_in)::int as submitted,
          count(*) filter (where status = 'missing')::int as missing
        from pair_status where submittable group by student_id
      ),
      r as (
        select st.id, st.full_name, st.sort_name, st.last_access_at, spent.last_at, cm.name as last_title,
          coalesce(spent.secs, 0) as "totalSeconds", coalesce(subs.submitted, 0) as submitted,
          coalesce(subs.total, 0) as total_subs, coalesce(subs.missing, 0) as missing
        from st
          left join spent on spent.user_id = st.id
          left join last_material lm on lm.user_id = st.id
          left join cm on cm.id = lm.material_id
          left join subs on subs.student_id = st.id
      )
      select r.id as "studentId", r.full_name as "fullName", ${isoSql(sql`r.last_access_at`)} as "lastSystemAccess",
        ${isoSql(sql`r.last_at`)} as "lastMaterialAccess", r.last_title as "lastMaterialTitle", r."totalSeconds",
        r.submitted, r.total_subs as "totalSubmissions", r.missing, count(*) over ()::int as total
      from r
      ${orderSql(CLASS_SORT, q.sortBy, q.sortOrder, sql`lower(r.sort_name)`, sql`r.id`)}
      ${windowSql(w)}`),
  );

export interface MaterialReportRecord {
  studentId: string;
  fullName: string;
  materialId: string;
  materialTitle: string;
  materialType: string;
  courseId: string;
  courseTitle: string;
  dueDate: string | null;
  lastAccess: string | null;
  totalSeconds: number;
  submitted: boolean | null;
  submittedAt: string | null;
  late: boolean;
  status: 'submitted' | 'late' | 'missing' | 'notDue' | 'none';
  total: number;
}

const MATERIAL_SORT: Record<string, SQL> = {
  fullName: sql`lower(st.sort_name)`,
  materialTitle: sql`lower(ps.title)`,
  dueDate: sql`ps.due_at`,
  lastAccess: sql`spent.last_at`,
  totalSeconds: sql`coalesce(spent.secs, 0)`,
  submitted: sql`ps.handed_in`,
};

export const materialReportRows = async (db: Db, s: ReportScope, q: Sorting & { statuses?: string[] }, w: Window | null): Promise<MaterialReportRecord[]> => {
  const search = q.search ? sql`and (st.full_name ilike ${likeOf(q.search)} or ps.title ilike ${likeOf(q.search)})` : sql``;
  const statuses = q.statuses?.length
    ? sql`and ps.status in (${sql.join(
        q.statuses.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql``;
  return rowsOf<MaterialReportRecord>(
    await db.execute(sql`
      with ${reportCtes(s)},
      spent as (select user_id, material_id, sum(seconds)::int as secs, max(last_at) as last_at from act group by user_id, material_id)
      select ps.student_id as "studentId", st.full_name as "fullName", ps.material_id as "materialId", ps.title as "materialTitle",
        ps.type as "materialType", ps.course_id as "courseId", ps.course_title as "courseTitle", ${isoSql(sql`ps.due_at`)} as "dueDate",
        ${isoSql(sql`spent.last_at`)} as "lastAccess", coalesce(spent.secs, 0) as "totalSeconds",
        case when ps.submittable then ps.handed_in else null end as submitted, ${isoSql(sql`ps.submitted_at`)} as "submittedAt",
        ps.late, ps.status, count(*) over ()::int as total
      from pair_status ps
        join st on st.id = ps.student_id
        left join spent on spent.user_id = ps.student_id and spent.material_id = ps.material_id
      where true ${search} ${statuses}
      ${orderSql(MATERIAL_SORT, q.sortBy, q.sortOrder, sql`lower(st.sort_name), lower(ps.course_title), ps.element_position, ps.material_position`, sql`ps.student_id, ps.material_id`)}
      ${windowSql(w)}`),
  );
};

export interface StudentCourseRecord {
  courseId: string;
  courseTitle: string;
  lastAccess: string | null;
  totalSeconds: number;
  submitted: number;
  totalSubmissions: number;
  late: number;
  missing: number;
}

export const studentCourseRows = async (db: Db, s: ReportScope): Promise<StudentCourseRecord[]> =>
  rowsOf<StudentCourseRecord>(
    await db.execute(sql`
      with ${reportCtes(s)},
      spent as (
        select m.course_id, sum(a.seconds)::int as secs, max(a.last_at) as last_at
        from act a join course_materials m on m.id = a.material_id group by m.course_id
      ),
      subs as (
        select course_id, count(*)::int as total, count(*) filter (where handed_in)::int as submitted,
          count(*) filter (where status = 'late')::int as late, count(*) filter (where status = 'missing')::int as missing
        from pair_status where submittable group by course_id
      )
      select c.id as "courseId", c.name as "courseTitle", ${isoSql(sql`spent.last_at`)} as "lastAccess",
        coalesce(spent.secs, 0) as "totalSeconds", coalesce(subs.submitted, 0) as submitted, coalesce(subs.total, 0) as "totalSubmissions",
        coalesce(subs.late, 0) as late, coalesce(subs.missing, 0) as missing
      from courses c
        left join spent on spent.course_id = c.id
        left join subs on subs.course_id = c.id
      where c.class_id = ${s.classId} and c.published ${s.courseId ? sql`and c.id = ${s.courseId}` : sql``}
      order by lower(c.name), c.id`),
  );

/** Seconds per day of the range (every day listed) for the students of the scope. */
export const dailySeconds = async (db: Db, s: ReportScope): Promise<{ date: string; seconds: number }[]> =>
  rowsOf<{ date: string; seconds: number }>(
    await db.execute(sql`
      with ${reportCtes(s)},
      per_day as (select day, sum(seconds)::int as secs from act group by day)
      select d::date::text as date, coalesce(per_day.secs, 0) as seconds
      from generate_series(${s.from}::date, ${s.to}::date, interval '1 day') d
        left join per_day on per_day.day = d::date
      order by d`),
  );

/** Per day of the range: hand-ins up to that day (school days) of the total assigned. */
export const completionByDay = async (db: Db, s: ReportScope, timeZone: string): Promise<{ date: string; submitted: number; total: number }[]> =>
  rowsOf<{ date: string; submitted: number; total: number }>(
    await db.execute(sql`
      with ${reportCtes(s)},
      subs as (select (submitted_at at time zone ${timeZone})::date as day, handed_in from pair_status where submittable),
      total as (select count(*)::int as n from subs)
      select d::date::text as date,
        (select count(*) from subs where subs.handed_in and subs.day <= d::date)::int as submitted, total.n as total
      from generate_series(${s.from}::date, ${s.to}::date, interval '1 day') d cross join total
      order by d`),
  );

export const perMaterialCounts = async (db: Db, s: ReportScope, limit: number) =>
  rowsOf<{ materialId: string; title: string; onTime: number; late: number; missing: number; notDue: number }>(
    await db.execute(sql`
      with ${reportCtes(s)}
      select material_id as "materialId", min(title) as title,
        count(*) filter (where status = 'submitted')::int as "onTime", count(*) filter (where status = 'late')::int as late,
        count(*) filter (where status = 'missing')::int as missing, count(*) filter (where status = 'notDue')::int as "notDue"
      from pair_status where submittable
      group by material_id
      order by min(due_at) nulls last, min(lower(course_title)), min(element_position), min(material_position), material_id
      limit ${limit}`),
  );

export const secondsPerStudent = async (db: Db, s: ReportScope) =>
  rowsOf<{ studentId: string; fullName: string; seconds: number }>(
    await db.execute(sql`
      with ${reportCtes(s)},
      spent as (select user_id, sum(seconds)::int as secs from act group by user_id)
      select st.id as "studentId", st.full_name as "fullName", coalesce(spent.secs, 0) as seconds
      from st left join spent on spent.user_id = st.id
      order by coalesce(spent.secs, 0) desc, lower(st.sort_name), st.id`),
  );

export interface AtRiskRecord {
  studentId: string;
  fullName: string;
  lastSystemAccess: string | null;
  daysInactive: number | null;
  missing: number;
  parentCount: number;
  inactive: boolean;
  total: number;
}

const AT_RISK_SORT: Record<string, SQL> = {
  fullName: sql`lower(r.sort_name)`,
  lastSystemAccess: sql`r.last_access_at`,
  daysInactive: sql`r.days_inactive`,
  missing: sql`r.missing`,
};

export const atRiskRows = async (db: Db, s: ReportScope, q: Sorting & { inactiveDays: number; missing: number }, w: Window | null): Promise<AtRiskRecord[]> =>
  rowsOf<AtRiskRecord>(
    await db.execute(sql`
      with ${reportCtes(s, q.search)},
      subs as (select student_id, count(*) filter (where status = 'missing')::int as missing from pair_status group by student_id),
      r as (
        select st.id, st.full_name, st.sort_name, st.last_access_at, coalesce(subs.missing, 0) as missing,
          floor(extract(epoch from (now() - st.last_access_at)) / 86400)::int as days_inactive,
          (st.last_access_at is null or st.last_access_at < now() - make_interval(days => ${q.inactiveDays})) as inactive,
          (select count(*) from parent_students p where p.student_id = st.id)::int as parent_count
        from st left join subs on subs.student_id = st.id
      )
      select r.id as "studentId", r.full_name as "fullName", ${isoSql(sql`r.last_access_at`)} as "lastSystemAccess",
        r.days_inactive as "daysInactive", r.missing, r.parent_count as "parentCount", r.inactive, count(*) over ()::int as total
      from r
      where r.inactive or r.missing >= ${q.missing}
      ${orderSql(AT_RISK_SORT, q.sortBy, q.sortOrder, sql`lower(r.sort_name)`, sql`r.id`)}
      ${windowSql(w)}`),
  );

/** The students of the class among `ids`, with their linked parents (for the at-risk message). */
export const studentsWithParents = async (db: Db, classId: string, ids: readonly string[]) =>
  rowsOf<{ studentId: string; parentIds: string[] }>(
    await db.execute(sql`
      select cs.student_id as "studentId",
        coalesce((select array_agg(p.parent_id::text order by p.parent_id) from parent_students p where p.student_id = cs.student_id), '{}') as "parentIds"
      from class_students cs
      where cs.class_id = ${classId} and cs.student_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );

/** A student's name and last access. */
export const studentBrief = async (db: Db, studentId: string) => {
  const [row] = rowsOf<{ id: string; fullName: string; lastSystemAccess: string | null }>(
    await db.execute(sql`
      select users.id, ${fullNameSql} as "fullName",
        ${isoSql(sql`users.last_access_at`)} as "lastSystemAccess"
      from users where users.id = ${studentId}`),
  );
  return row;
};
