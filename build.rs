//! Build script: on a Windows build host, embeds the icon (assets/icon.ico) in pegsol.exe so
//! Explorer and the taskbar show it. Elsewhere it does nothing, and `winresource` is a
//! dependency only of Windows builds (`[target.'cfg(windows)'.build-dependencies]`), so the
//! Linux dependency tree is unchanged. Cross-compiling from Linux to Windows gives an .exe
//! without the embedded icon (the window still sets its icon at run time).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(windows)]
    {
        println!("cargo:rerun-if-changed=assets/icon.ico");
        if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
            let mut resource = winresource::WindowsResource::new();
            resource.set_icon("assets/icon.ico");
            if let Err(e) = resource.compile() {
                println!("cargo:warning=the Windows icon resource was not embedded: {e}");
            }
        }
    }
}
