import { z } from "zod";
import { AdminFormView, AdminTextarea, useAdminForm } from "~/components/admin/admin-form";
import { DataTable, EmptyState, PageHeader, Panel } from "~/components/admin/ui";
import { quizContent, quizCounts } from "~/domains/marketing/marketing.server";
import { QuizContentSchema } from "~/domains/marketing/quiz";
import { changeQuiz } from "~/domains/staff/staff.server";
import { refuse } from "~/platform/refusal";
import type { Route } from "./+types/quiz";
import { requirePermission, runForm, unknownIntent } from "./admin.server";

const QuizFormSchema = z.object({ content: z.string().min(2).max(100_000) });

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "promotions");
  const [content, counts] = await Promise.all([quizContent(), quizCounts()]);
  return { content: JSON.stringify(content, null, 2), counts };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "promotions");
  const formData = await request.formData();
  if (formData.get("intent") !== "save") unknownIntent();
  return runForm(formData, QuizFormSchema, async ({ content }) => {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch (error) {
      return refuse.invalid(`Not valid JSON: ${(error as Error).message}`, {}, "content");
    }
    const parsed = QuizContentSchema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0]!;
      return refuse.invalid(`${first.path.join(".") || "quiz"}: ${first.message}`, {}, "content");
    }
    await changeQuiz(actor, parsed.data);
    return "Quiz saved; the app shows it within seconds.";
  });
}

export default function Quiz({ loaderData }: Route.ComponentProps) {
  const { content, counts } = loaderData;
  const form = useAdminForm("save", QuizFormSchema, { content });
  return (
    <>
      <PageHeader
        title="Style quiz"
        description="The Black Friday quiz of the app (/app/bf-24-quiz/): personas with their product filter (a category's English slug and listing parameters such as sort=newest or colour=black), and questions whose options each vote for a persona. Every text in English, Dutch, French and Spanish."
      />
      <div className="grid gap-4 desktop:grid-cols-2">
        <Panel title="Personas given">
          {counts.personas.length === 0 ? (
            <EmptyState>Nobody took the quiz yet.</EmptyState>
          ) : (
            <DataTable caption="Personas given">
              <thead>
                <tr>
                  <th scope="col">Persona</th>
                  <th scope="col">Times</th>
                </tr>
              </thead>
              <tbody>
                {counts.personas.map((row) => (
                  <tr key={row.persona}>
                    <td>{row.persona}</td>
                    <td>{row.n}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </Panel>
        <Panel title="Answers">
          {counts.options.length === 0 ? (
            <EmptyState>No answers yet.</EmptyState>
          ) : (
            <DataTable caption="Answers per question">
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">Answer</th>
                  <th scope="col">Times</th>
                </tr>
              </thead>
              <tbody>
                {counts.options.map((row) => (
                  <tr key={`${row.question}:${row.option}`}>
                    <td>{row.question}</td>
                    <td>{row.option}</td>
                    <td>{row.n}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </Panel>
      </div>
      <Panel className="mt-4" title="Personas and questions">
        <AdminFormView form={form} submitLabel="Save quiz">
          <AdminTextarea
            form={form}
            name="content"
            label="Quiz (JSON)"
            rows={30}
            className="font-mono text-xs"
          />
        </AdminFormView>
      </Panel>
    </>
  );
}
