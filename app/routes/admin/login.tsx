import { redirect } from "react-router";
import { AdminFormView, AdminInput, useAdminForm } from "~/components/admin/admin-form";
import { PasswordField } from "~/components/forms/conform-fields";
import { AccountError } from "~/domains/staff/staff.server";
import { StaffSignInSchema } from "~/domains/staff/validation";
import { auth, staffRoles } from "~/platform/auth/auth.server";
import { logger } from "~/platform/logging/logger.server";
import type { Route } from "./+types/login";
import { runForm, staffOf } from "./admin.server";

export const handle = { i18n: ["forms"] };

/** Only back-office addresses are followed after signing in (never another site). */
function safeTarget(target: string | null | undefined): string {
  return target && /^\/admin\/[\w\-/?=&%.]*$/.test(target) ? target : "/admin/";
}

export async function loader({ request }: Route.LoaderArgs) {
  const target = safeTarget(new URL(request.url).searchParams.get("redirect"));
  if (await staffOf(request)) throw redirect(target);
  return { target };
}

const REFUSED = "These details do not open the back office.";

/**
 * Signs in through better-auth; the session cookie is passed on only for staff. A customer's correct
 * password gets the same answer as a wrong one.
 */
export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  let cookies: string[] = [];
  const reply = await runForm(formData, StaffSignInSchema, async ({ email, password }) => {
    const signedIn = await auth.api
      .signInEmail({ body: { email, password }, headers: request.headers, returnHeaders: true })
      .catch((error: unknown) => {
        logger.info({ err: error }, "back-office sign-in refused");
        return null;
      });
    const role = (signedIn?.response.user as { role?: string } | undefined)?.role;
    if (!signedIn || !(staffRoles as readonly (string | undefined)[]).includes(role))
      throw new AccountError(REFUSED);
    cookies = signedIn.headers.getSetCookie();
    return "Signed in";
  });
  if (cookies.length === 0) return reply;
  const response = redirect(safeTarget(String(formData.get("redirect") ?? "")));
  for (const cookie of cookies) response.headers.append("set-cookie", cookie);
  return response;
}

export function meta() {
  return [
    { title: "Sign in · Back office · Loom & Label" },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function StaffSignIn({ loaderData }: Route.ComponentProps) {
  const form = useAdminForm("sign-in", StaffSignInSchema, { redirect: loaderData.target });
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-paper px-4 py-10">
      <div className="w-full max-w-sm border border-line bg-white p-6 desktop:p-8">
        <p className="font-display text-lg tracking-[0.18em] uppercase">Loom &amp; Label</p>
        <h1 className="mt-1 mb-6 text-sm tracking-[0.16em] text-muted uppercase">Back office sign-in</h1>
        <AdminFormView form={form} submitLabel="Sign in">
          <input type="hidden" name="redirect" value={loaderData.target} />
          <AdminInput form={form} name="email" label="E-mail" type="email" autoComplete="username" />
          <PasswordField meta={form.field("password")} label="Password" />
        </AdminFormView>
      </div>
    </main>
  );
}
