import type { Metadata } from "next";
import { RegisterGate } from "@/features/auth/RegisterGate";

export const metadata: Metadata = { title: "Create an account" };

export default function RegisterPage() {
  return <RegisterGate />;
}
