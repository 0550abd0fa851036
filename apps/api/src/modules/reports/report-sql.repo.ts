import { sql, type SQL } from 'drizzle-orm';
import { classStudents } from '../../db/schema/classes.ts';
import { assignedToStudents } from '../../kernel/assignment-sql.ts';
import { fullNameSql, sortNameSql } from '../../kernel/people.ts';
import { escapeLike } from '../../kernel/table-sql.ts';

/**
 * The common table expressions every report is built from (decision 0062). Pure SQL fragments,
 * read by the report repositories only:
 * - `st`: the students of the class (narrowed by group, student, a name search);
 * - `cm`: the class's course materials (narrowed by course): whose time counts;
 * - `pairs`: each student with each published material assigned to them (the kernel's assignment
 *   rule), with its course, type, due date and whether it takes a submission;
 * - `act`: time on materials in the date range: the daily rollup plus the raw beats not yet rolled up,
 *   read per student through the (user, day) indexes (a lateral subquery the planner keeps: a
 *   whole year of a school is most of the table, and a scan of it costs more than 40 index ranges);
 * - `handin`: each hand-in (an assignment or activity submitted, or a quiz attempt submitted) with
 *   the first time and whether it was late (the assignment module's flag; for a quiz: after the due date).
 */

export interface ReportScope {
  classId: string;
  courseId?: string;
  groupId?: string;
  studentId?: string;
  /** `YYYY-MM-DD`, school days, both included. */
  from: string;
  to: string;
}

export const SUBMITTABLE = sql`('assignment', 'quiz', 'activity')`;

export const likeOf = (search: string): string => `%${escapeLike(search)}%`;

export const reportCtes = (s: ReportScope, studentSearch = ''): SQL => sql`
  st as (
    select users.id, ${fullNameSql} as full_name, ${sortNameSql} as sort_name, users.last_access_at
    from class_students cs join users on users.id = cs.student_id
    where cs.class_id = ${s.classId}
    ${s.groupId ? sql`and exists (select 1 from class_group_members gm where gm.group_id = ${s.groupId} and gm.student_id = users.id)` : sql``}
    ${s.studentId ? sql`and users.id = ${s.studentId}` : sql``}
    ${studentSearch ? sql`and ${fullNameSql} ilike ${likeOf(studentSearch)}` : sql``}
  ),
  cm as (
    select m.id, m.name from course_materials m join courses c on c.id = m.course_id
    where c.class_id = ${s.classId} ${s.courseId ? sql`and c.id = ${s.courseId}` : sql``}
  ),
  pairs as (
    select class_students.student_id, course_materials.id as material_id, course_materials.name as title, course_materials.type,
      course_materials.due_at, courses.id as course_id, courses.name as course_title, course_elements.position as element_position,
      course_materials.position as material_position, (course_materials.type in ${SUBMITTABLE}) as submittable
    from class_students
      join courses on courses.class_id = class_students.class_id
      join course_elements on course_elements.course_id = courses.id
      join course_materials on course_materials.element_id = course_elements.id
    where class_students.class_id = ${s.classId} and class_students.student_id in (select id from st)
      and ${assignedToStudents(classStudents.studentId)}
      ${s.courseId ? sql`and courses.id = ${s.courseId}` : sql``}
  ),
  act as (
    select d.user_id, d.material_id, d.day, d.seconds, d.last_at
    from st cross join lateral (
      select * from activity_days d where d.user_id = st.id and d.day between ${s.from}::date and ${s.to}::date offset 0
    ) d
    where d.material_id in (select id from cm)
    union all
    select e.user_id, e.material_id, e.day, e.seconds, e.at
    from st cross join lateral (
      select * from activity_events e where not e.rolled and e.user_id = st.id and e.day between ${s.from}::date and ${s.to}::date offset 0
    ) e
    where e.material_id in (select id from cm)
  ),
  handin as (
    select x.material_id, x.student_id, min(x.submitted_at) as submitted_at, bool_or(x.late) as late from (
      select s.material_id, s.student_id, s.submitted_at, s.late from submissions s
      where s.status <> 'draft' and s.submitted_at is not null and s.student_id in (select id from st)
      union all
      select q.material_id, q.student_id, q.submitted_at, null from quiz_attempts q
      where q.status = 'submitted' and q.submitted_at is not null and q.student_id in (select id from st)
    ) x
    where x.material_id in (select material_id from pairs where submittable)
    group by x.material_id, x.student_id
  ),
  pair_status as (
    select p.*, h.submitted_at,
      (h.material_id is not null) as handed_in,
      coalesce(h.late, p.due_at is not null and h.submitted_at > p.due_at, false) as late,
      case
        when not p.submittable then 'none'
        when h.material_id is not null and coalesce(h.late, p.due_at is not null and h.submitted_at > p.due_at, false) then 'late'
        when h.material_id is not null then 'submitted'
        when p.due_at < now() then 'missing'
        else 'notDue'
      end as status
    from pairs p left join handin h on h.material_id = p.material_id and h.student_id = p.student_id
  )`;

/** Order and paging of a table query over a CTE's columns (`keys` maps the contract's sort keys). */
export const orderSql = (keys: Record<string, SQL>, sortBy: string | undefined, order: 'asc' | 'desc', fallback: SQL, tieBreak: SQL): SQL => {
  const key = sortBy && Object.hasOwn(keys, sortBy) ? keys[sortBy] : undefined;
  if (!key) return sql`order by ${fallback}, ${tieBreak}`;
  return sql`order by ${key} ${order === 'desc' ? sql`desc` : sql`asc`} nulls last, ${fallback}, ${tieBreak}`;
};

export const pagingSql = (q: { paginated: boolean; page: number; rowsperpage: number }): SQL =>
  q.paginated ? sql`limit ${q.rowsperpage} offset ${(q.page - 1) * q.rowsperpage}` : sql``;
