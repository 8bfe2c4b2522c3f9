import { ChevronDown, Eye, EyeOff } from "lucide-react";
import { type ComponentPropsWithRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { controlClass } from "./styles";

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(" ");

/** A single-line text input (text, email, tel, date, number-as-text …). */
export function TextInput({ className, type = "text", ...props }: ComponentPropsWithRef<"input">) {
  return <input type={type} className={cx(controlClass, className)} {...props} />;
}

/** A native select (best on phones, works without JavaScript) with the shop's chevron. */
export function Select({
  className,
  placeholder,
  children,
  ...props
}: ComponentPropsWithRef<"select"> & { placeholder?: string }) {
  return (
    <div className="relative">
      <select className={cx(controlClass, "appearance-none pe-10", className)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        strokeWidth={1.5}
        className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted"
      />
    </div>
  );
}

/** A multi-line text input; with `maxChars` it shows how many characters are used. */
export function Textarea({
  className,
  maxChars,
  onInput,
  ...props
}: ComponentPropsWithRef<"textarea"> & { maxChars?: number }) {
  const { t } = useTranslation("forms");
  const initial = typeof props.defaultValue === "string" ? props.defaultValue : String(props.value ?? "");
  const [count, setCount] = useState([...initial].length);
  const counterId = props.id ? `${props.id}-count` : undefined;
  const describedBy = [props["aria-describedby"], maxChars ? counterId : null].filter(Boolean).join(" ");
  return (
    <div>
      <textarea
        className={cx(controlClass, "min-h-28 resize-y", className)}
        {...props}
        aria-describedby={describedBy || undefined}
        onInput={(event) => {
          setCount([...event.currentTarget.value].length);
          onInput?.(event);
        }}
      />
      {maxChars ? (
        <p
          id={counterId}
          className={cx("mt-1 text-end text-xs tabular-nums", count > maxChars ? "text-sale" : "text-muted")}
        >
          {t("controls.characterCount", { count, max: maxChars })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An on/off switch: a native checkbox with `role="switch"`, so it submits and toggles without JavaScript.
 * The visible track and thumb follow the (invisible, full-size) checkbox.
 */
export function Switch({ className, ...props }: Omit<ComponentPropsWithRef<"input">, "type" | "role">) {
  return (
    <span className={cx("relative inline-flex h-11 w-14 shrink-0 items-center justify-center", className)}>
      <input
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state; aria-checked would duplicate (and could contradict) it.
        role="switch"
        className="peer absolute inset-0 z-10 m-0 size-full scroll-mt-32 cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
        {...props}
      />
      <span
        aria-hidden="true"
        className={cx(
          "pointer-events-none relative h-6 w-11 rounded-full border border-muted bg-line transition-colors",
          "peer-checked:border-ink peer-checked:bg-ink",
          "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent",
          "peer-disabled:border-line peer-disabled:bg-sand",
          "peer-aria-[invalid=true]:border-sale",
          "after:absolute after:top-0.5 after:left-0.5 after:size-[18px] after:rounded-full after:bg-white",
          "after:shadow-sm after:transition-transform peer-checked:after:translate-x-5",
          "peer-disabled:after:bg-paper",
        )}
      />
    </span>
  );
}

/**
 * A password input with a show/hide button whose accessible name says what it will do. The button is a
 * plain `type="button"`: without JavaScript the password simply stays hidden.
 */
export function PasswordInput({ className, id, ...props }: Omit<ComponentPropsWithRef<"input">, "type">) {
  const { t } = useTranslation("forms");
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <input
        id={id}
        type={visible ? "text" : "password"}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cx(controlClass, "pe-12", className)}
        {...props}
      />
      <button
        type="button"
        aria-controls={id}
        aria-label={t(visible ? "controls.hidePassword" : "controls.showPassword")}
        disabled={props.disabled}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute end-0 top-0 inline-flex size-11 items-center justify-center text-muted hover:text-ink disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Icon aria-hidden="true" className="size-5" strokeWidth={1.5} />
      </button>
    </div>
  );
}
