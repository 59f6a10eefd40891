console.log("main")
