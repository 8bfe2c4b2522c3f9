import { z } from "zod";
import {
  ActionStatus,
  AdminFormView,
  AdminInput,
  AdminSelect,
  useAdminForm,
} from "~/components/admin/admin-form";
import { Badge, DataTable, PageHeader, Panel } from "~/components/admin/ui";
import { PasswordField } from "~/components/forms/conform-fields";
import { staffAccounts } from "~/domains/customers/customers.server";
import { rolePermissions } from "~/domains/staff/permissions";
import { addStaffMember, changeStaffRole } from "~/domains/staff/staff.server";
import { NewStaffSchema, StaffRoleSchema } from "~/domains/staff/validation";
import { staffRoles } from "~/platform/auth/roles";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/staff";
import { requirePermission, runForm, said, unknownIntent } from "./admin.server";

const RemoveSchema = z.object({ userId: z.uuid() });

export async function loader({ request }: Route.LoaderArgs) {
  const { staff } = await requirePermission(request, "staff");
  return { me: staff.id, members: await staffAccounts() };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "staff");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "create")
    return runForm(formData, NewStaffSchema, async (value) => {
      return said(await addStaffMember(actor, value), `${value.email} can now sign in to the back office.`);
    });
  if (intent.startsWith("role-"))
    return runForm(formData, StaffRoleSchema, async (value) => {
      return said(await changeStaffRole(actor, value.userId, value.role), "Role changed.");
    });
  if (intent.startsWith("remove-"))
    return runForm(formData, RemoveSchema, async (value) => {
      return said(
        await changeStaffRole(actor, value.userId, "customer"),
        "Removed from the staff; their sessions have ended.",
      );
    });
  unknownIntent();
}

function RoleForm({ member }: { member: { id: string; role: string; email: string } }) {
  const form = useAdminForm(`role-${member.id}`, StaffRoleSchema, { userId: member.id, role: member.role });
  return (
    <AdminFormView form={form} submitLabel="Change" className="flex flex-wrap items-end gap-2" inline>
      <input type="hidden" name="userId" value={member.id} />
      <AdminSelect form={form} name="role" label={`Role of ${member.email}`} className="[&_label]:sr-only">
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </AdminSelect>
    </AdminFormView>
  );
}

function RemoveForm({ member }: { member: { id: string; email: string } }) {
  const form = useAdminForm(`remove-${member.id}`, RemoveSchema, { userId: member.id });
  return (
    <AdminFormView
      form={form}
      tone="danger"
      className="flex flex-wrap items-center gap-2"
      submitLabel={
        <>
          Remove<span className="sr-only"> {member.email} from the staff</span>
        </>
      }
    >
      <input type="hidden" name="userId" value={member.id} />
    </AdminFormView>
  );
}

export default function Staff({ loaderData }: Route.ComponentProps) {
  const { members, me } = loaderData;
  const create = useAdminForm("create", NewStaffSchema);
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who works in the back office, and what their role lets them do."
      />
      <Panel title="Roles">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          {staffRoles.map((role) => (
            <div key={role}>
              <dt className="font-medium">{role}</dt>
              <dd className="text-muted">{rolePermissions[role].join(", ")}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel
        className="mt-4"
        title="Members"
        actions={<ActionStatus matches={(intent) => intent.startsWith("remove-")} />}
      >
        <DataTable caption="Staff members">
          <thead>
            <tr>
              <th>Name</th>
              <th>Role</th>
              <th>Last active</th>
              <th>
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <td>
                  {m.firstName} {m.lastName}
                  <span className="block text-xs text-muted">{m.email}</span>
                </td>
                <td>{m.id === me ? <Badge>{m.role} (you)</Badge> : <RoleForm member={m} />}</td>
                <td>{formatShopTime(m.lastSeenAt)}</td>
                <td>{m.id === me ? null : <RemoveForm member={m} />}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Panel>
      <Panel
        className="mt-4"
        title="Add a staff member"
        description="They sign in at /admin/ with this e-mail address and password."
      >
        <AdminFormView form={create} submitLabel="Add staff member">
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminInput form={create} name="firstName" label="First name" />
            <AdminInput form={create} name="lastName" label="Last name" />
            <AdminInput form={create} name="email" label="E-mail" type="email" autoComplete="off" />
            <AdminSelect form={create} name="role" label="Role" placeholder="Choose a role">
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </AdminSelect>
            <PasswordField
              meta={create.field("password")}
              label="Password"
              autoComplete="new-password"
              description="At least 8 characters."
            />
          </div>
        </AdminFormView>
      </Panel>
    </>
  );
}
