import {
  Bell,
  BookA,
  FolderTree,
  Gift,
  Landmark,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu,
  MessageSquare,
  MessageSquareHeart,
  Newspaper,
  Package,
  Ruler,
  ScrollText,
  Settings,
  ShieldCheck,
  Shirt,
  Store,
  TicketPercent,
  Undo2,
  Users,
} from "lucide-react";
import type { ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import type { Permission } from "~/domains/staff/permissions";

interface NavItem {
  to: string;
  label: string;
  permission: Permission;
  icon: typeof Shirt;
}

const groups: { title: string; items: NavItem[] }[] = [
  {
    title: "Shop",
    items: [
      { to: "/admin/", label: "Dashboard", permission: "dashboard", icon: LayoutDashboard },
      { to: "/admin/orders/", label: "Orders", permission: "orders", icon: Package },
      { to: "/admin/returns/", label: "Returns", permission: "returns", icon: Undo2 },
      { to: "/admin/marketplace/", label: "Marketplace", permission: "disputes", icon: Store },
      {
        to: "/admin/marketplace/transactions/",
        label: "Second-hand sales",
        permission: "disputes",
        icon: Store,
      },
      { to: "/admin/marketplace/disputes/", label: "Dispute queue", permission: "disputes", icon: Store },
    ],
  },
  {
    title: "Catalogue",
    items: [
      { to: "/admin/products/", label: "Products", permission: "catalogue", icon: Shirt },
      { to: "/admin/categories/", label: "Categories", permission: "catalogue", icon: FolderTree },
      { to: "/admin/synonyms/", label: "Synonyms", permission: "catalogue", icon: BookA },
      { to: "/admin/size-charts/", label: "Size charts", permission: "catalogue", icon: Ruler },
    ],
  },
  {
    title: "Marketing",
    items: [
      { to: "/admin/promotions/", label: "Discount codes", permission: "promotions", icon: TicketPercent },
      { to: "/admin/newsletter/", label: "Newsletter", permission: "promotions", icon: Newspaper },
      {
        to: "/admin/feedback/",
        label: "Feedback & draws",
        permission: "promotions",
        icon: MessageSquareHeart,
      },
    ],
  },
  {
    title: "People",
    items: [
      { to: "/admin/customers/", label: "Customers", permission: "customers", icon: Users },
      { to: "/admin/gift-cards/", label: "Gift cards", permission: "gift-cards", icon: Gift },
      { to: "/admin/tickets/", label: "Contact tickets", permission: "service", icon: MessageSquare },
      { to: "/admin/staff/", label: "Staff", permission: "staff", icon: ShieldCheck },
    ],
  },
  {
    title: "Money",
    items: [
      { to: "/admin/marketplace/payouts/", label: "Payouts", permission: "payouts", icon: Landmark },
      { to: "/admin/marketplace/dac7/", label: "DAC7 report", permission: "payouts", icon: ScrollText },
    ],
  },
  {
    title: "Site",
    items: [
      { to: "/admin/content/", label: "Content", permission: "content", icon: Newspaper },
      { to: "/admin/notices/", label: "Site notices", permission: "content", icon: Bell },
      { to: "/admin/settings/", label: "Settings", permission: "settings", icon: Settings },
      { to: "/admin/outbox/", label: "Outbox", permission: "outbox", icon: Mail },
      { to: "/admin/audit/", label: "Audit log", permission: "audit", icon: ScrollText },
    ],
  },
];

export interface ShellStaff {
  name: string;
  email: string;
  role: string;
  permissions: readonly Permission[];
}

function Navigation({ permissions }: { permissions: readonly Permission[] }) {
  return (
    <nav aria-label="Back office" className="space-y-5">
      {groups.map((group) => {
        const items = group.items.filter((item) => permissions.includes(item.permission));
        if (items.length === 0) return null;
        return (
          <div key={group.title}>
            <p className="px-3 pb-1 text-[11px] tracking-[0.16em] text-muted uppercase">{group.title}</p>
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.to === "/admin/"}
                    className="flex min-h-11 items-center gap-3 border-s-2 border-transparent px-3 text-sm text-ink transition-colors hover:bg-sand aria-[current=page]:border-ink aria-[current=page]:bg-sand aria-[current=page]:font-medium"
                  >
                    <item.icon aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.5} />
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

function SignOut() {
  return (
    <Form method="post" action="/admin/logout/">
      <button
        type="submit"
        className="inline-flex min-h-11 items-center gap-2 px-3 text-sm text-ink hover:text-accent"
      >
        <LogOut aria-hidden="true" className="size-4" strokeWidth={1.5} />
        Sign out
      </button>
    </Form>
  );
}

/** The back office around every page: navigation by permission, who is signed in, sign-out. */
export function AdminShell({ staff, children }: { staff: ShellStaff | null; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="min-h-screen bg-paper desktop:grid desktop:grid-cols-[15rem_1fr]">
      <header className="sticky top-0 z-20 border-b border-line bg-white desktop:static desktop:border-e desktop:border-b-0">
        <div className="flex h-14 items-center justify-between gap-2 px-4 desktop:h-auto desktop:flex-col desktop:items-start desktop:px-3 desktop:pt-6">
          <a href="/admin/" className="px-0 desktop:px-3">
            <span className="block font-display text-lg tracking-[0.18em] uppercase">Loom &amp; Label</span>
            <span className="block text-[11px] tracking-[0.16em] text-muted uppercase">Back office</span>
          </a>
          {staff ? (
            // A disclosure that works without JavaScript; its key closes it again after each navigation.
            <details key={pathname} className="group desktop:hidden">
              <summary className="inline-flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-2 text-sm [&::-webkit-details-marker]:hidden">
                <Menu aria-hidden="true" className="size-5" strokeWidth={1.5} />
                Menu
              </summary>
              <div className="absolute inset-x-0 top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-b border-line bg-white px-2 py-4 shadow-lg">
                <Navigation permissions={staff.permissions} />
                <div className="mt-4 border-t border-line pt-3">
                  <p className="px-3 text-sm">
                    {staff.name} · <span className="text-muted">{staff.role}</span>
                  </p>
                  <SignOut />
                </div>
              </div>
            </details>
          ) : null}
        </div>
        {staff ? (
          <div className="hidden desktop:block">
            <div className="px-0 py-6">
              <Navigation permissions={staff.permissions} />
            </div>
            <div className="mx-3 border-t border-line py-4">
              <p className="px-3 text-sm">{staff.name}</p>
              <p className="px-3 text-xs text-muted">
                {staff.email} · {staff.role}
              </p>
              <SignOut />
            </div>
          </div>
        ) : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 desktop:px-10 desktop:py-10">
        {children}
      </main>
    </div>
  );
}
