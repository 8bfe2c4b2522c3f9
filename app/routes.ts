import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/system/root-redirect.tsx"),
  route(":locale/", "routes/shop/home.tsx"),
  route(":locale/demo/", "routes/system/demo.tsx"),
  route("*", "routes/system/not-found.tsx"),
] satisfies RouteConfig;
