import type { ChangeEvent, ReactNode } from "react";
import { fieldIds } from "~/components/forms/field";
import { errorClass } from "~/components/forms/styles";
import { formatMoney, money } from "~/platform/money";
import { useRouting } from "~/routing/use-routing";

/** Formats cents in the page's locale. */
export function useMoney() {
  const { locale } = useRouting();
  return (cents: number) => formatMoney(money(cents), locale);
}

export interface ChoiceOption {
  value: string;
  label: ReactNode;
  detail?: ReactNode;
  aside?: ReactNode;
}

/**
 * A radio group as a list of bordered rows (delivery, moments, service points, donation, payment): a
 * fieldset with its legend, native radios (keyboard and no-JavaScript for free), and its error.
 */
export function ChoiceGroup({
  name,
  legend,
  legendClassName = "sr-only",
  options,
  defaultValue,
  error,
  onChange,
  columns = 1,
  description,
}: {
  name: string;
  legend: ReactNode;
  legendClassName?: string;
  options: ChoiceOption[];
  defaultValue?: string | null;
  error?: string;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  columns?: 1 | 2 | 3;
  description?: ReactNode;
}) {
  const { errorId, descriptionId } = fieldIds(`choice-${name}`);
  const grid = columns === 3 ? "grid-cols-1 sm:grid-cols-3" : columns === 2 ? "grid-cols-2" : "grid-cols-1";
  return (
    <fieldset
      aria-describedby={
        [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined
      }
      aria-invalid={error ? true : undefined}
    >
      <legend className={legendClassName}>{legend}</legend>
      {description ? (
        <p id={descriptionId} className="mb-3 text-sm text-muted">
          {description}
        </p>
      ) : null}
      <div className={`grid gap-2 ${grid}`}>
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex min-h-12 cursor-pointer items-center gap-3 border border-line bg-white px-3 py-3 sm:px-4 transition-colors hover:border-muted has-[:checked]:border-ink has-[:checked]:bg-paper has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                defaultChecked={defaultValue === option.value}
                onChange={(event) => onChange?.(option.value, event)}
                className="size-4 shrink-0 accent-ink focus-visible:outline-none"
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="text-sm font-medium text-ink">{option.label}</span>
                {option.detail ? <span className="text-sm text-muted">{option.detail}</span> : null}
              </span>
              {option.aside ? <span className="shrink-0 text-sm text-ink">{option.aside}</span> : null}
            </label>
          );
        })}
      </div>
      <div id={errorId} aria-live="polite">
        {error ? <p className={errorClass}>{error}</p> : null}
      </div>
    </fieldset>
  );
}

export const sectionClass = "border border-line bg-white p-5 desktop:p-7";
export const headingClass = "mb-5 font-display text-xl";
export const secondaryButtonClass =
  "inline-flex min-h-11 shrink-0 items-center justify-center border border-ink bg-white px-5 text-sm font-medium tracking-[0.08em] text-ink uppercase transition-colors hover:bg-ink hover:text-paper aria-disabled:opacity-60";
export const primaryButtonClass =
  "inline-flex min-h-13 w-full items-center justify-center gap-2 bg-ink px-8 text-sm font-medium tracking-[0.14em] text-paper uppercase transition-colors hover:bg-accent aria-disabled:cursor-progress aria-disabled:opacity-80";
