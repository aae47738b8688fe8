"""OpenSSH's public keys and certificates, SSHSIG signatures and the allowed_signers
file, as ``ssh-keygen -Y`` reads and checks them: a library that imports nothing of
memsync but its errors."""
