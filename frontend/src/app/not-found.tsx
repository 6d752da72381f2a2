import Link from "next/link";

export default function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        There is no page at this address. <Link href="/">Go to ORION&apos;s start page</Link>.
      </p>
    </section>
  );
}
