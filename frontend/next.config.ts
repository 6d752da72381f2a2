import type { NextConfig } from "next";

// A static export: the API serves `out/` at `/`, or any static host serves it against NEXT_PUBLIC_API_BASE_URL.
const config: NextConfig = {
  output: "export",
  reactStrictMode: true,
  poweredByHeader: false,
};

export default config;
