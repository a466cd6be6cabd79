"""TLS for online play, with the standard ssl module: the host's context from a PEM certificate and key, a
joining screen's context (the system's trusted authorities, or a given certificate for a self-signed host),
and the certificate's SHA-256 fingerprint (printed by the host, and pinned by its own seat). Every failure is
one sentence (RiskError)."""

from __future__ import annotations

import hashlib
import ipaddress
import ssl

from riskterm.errors import RiskError


def server_context(cert: str, key: str) -> ssl.SSLContext:
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        ctx.load_cert_chain(cert, key)
    except ssl.SSLError:  # (an OSError too: first)
        raise RiskError(f"{cert} and {key} are not a PEM certificate and its private key.") from None
    except OSError as e:
        raise RiskError(
            f"Cannot read the TLS certificate {cert} or its key {key} ({e.strerror or e})."
        ) from None
    return ctx


def client_context(ca: str | None = None) -> ssl.SSLContext:
    """Checks the host's certificate against the system's authorities, or against `ca` (a PEM file: the
    self-signed certificate the host uses, or the authority that signed it)."""
    try:
        return ssl.create_default_context(cafile=ca)
    except ssl.SSLError:  # (an OSError too: first)
        raise RiskError(f"{ca} is not a PEM certificate.") from None
    except OSError as e:
        raise RiskError(f"Cannot read the certificate {ca} ({e.strerror or e}).") from None


def fingerprint(cert: str) -> bytes:
    """SHA-256 of the first certificate in a PEM file (what `openssl x509 -fingerprint -sha256` prints)."""
    try:
        with open(cert, encoding="ascii", errors="replace") as f:
            pem = f.read(1 << 20)
        end = pem.index("-----END CERTIFICATE-----") + len("-----END CERTIFICATE-----")
        der = ssl.PEM_cert_to_DER_cert(pem[pem.index("-----BEGIN CERTIFICATE-----") : end])
    except OSError as e:
        raise RiskError(f"Cannot read the TLS certificate {cert} ({e.strerror or e}).") from None
    except ValueError:
        raise RiskError(f"{cert} is not a PEM certificate.") from None
    return hashlib.sha256(der).digest()


def show_fingerprint(digest: bytes) -> str:
    return ":".join(f"{b:02X}" for b in digest)


def only_this_machine(listen: str) -> bool:
    """Whether an address to listen on is reachable from this machine only (loopback)."""
    if listen.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(listen.strip("[]")).is_loopback
    except ValueError:
        return False


PLAIN_WARNING = (
    "Warning: listening on {listen} without TLS: join codes, seat tokens, moves and chat cross the "
    "network readable by anyone on the path. Give --tls-cert and --tls-key, or keep to 127.0.0.1 "
    "behind an SSH tunnel or a VPN."
)


def machine_addresses(listen: str) -> list[str]:
    """The addresses of this machine a host listening on every one (0.0.0.0, or :: for IPv6 too) may be
    joined at: loopback first, then those found by the machine's name and by its routes out (no packet is
    sent); link-local ones are left out (they need an interface name)."""
    import socket

    six = listen == "::"
    found = ["127.0.0.1", *(["::1"] if six else [])]
    seen: list[str] = []
    try:
        seen += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None)]
    except OSError:
        pass
    for family, probe in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))  # a UDP socket's route: nothing is sent
                seen.append(str(s.getsockname()[0]))
        except OSError:
            pass
    for a in seen:
        try:
            ip = ipaddress.ip_address(a.split("%")[0])
        except ValueError:
            continue
        if ip.is_loopback or ip.is_link_local or ip.is_unspecified or (ip.version == 6 and not six):
            continue
        if str(ip) not in found:
            found.append(str(ip))
    return found
