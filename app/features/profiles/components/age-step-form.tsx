import { Form, useActionData, useNavigation } from "react-router";
import { BirthYearFields, type AgeQuestion, type BirthYearErrors } from "../../../ui/birth-year-fields.tsx";

export type AgeStepResult = { fieldErrors: BirthYearErrors; birthYear?: string; guardianEmail?: string };

/** The last step of a Google sign-up: the same age question the e-mail form asks. */
export function AgeStepForm({ redirectTo, ageQuestion }: { redirectTo: string; ageQuestion: AgeQuestion }) {
  const result = useActionData<AgeStepResult>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container py-5">
      <div className="row justify-content-center">
        <div className="col-md-7 col-lg-5">
          <h1 className="mb-3">Una pregunta antes de empezar</h1>
          <p>Para terminar de crear tu cuenta, dinos en qué año naciste.</p>
          <Form method="post" noValidate>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <BirthYearFields
              key={result ? JSON.stringify([result.birthYear, result.guardianEmail]) : "new"}
              errors={result?.fieldErrors ?? {}}
              defaults={{ birthYear: result?.birthYear, guardianEmail: result?.guardianEmail }}
              question={ageQuestion}
            />
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {busy ? "Un momento..." : "Continuar"}
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}
